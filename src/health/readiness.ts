export interface ReadinessCheck {
  name: string;
  run(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
