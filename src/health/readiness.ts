export interface ReadinessCheck {
  name: string;
  run(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** The same check, its failure cause logged (the /readyz answer only says which check failed). */
export function loggedCheck(check: ReadinessCheck, logger: { warn(obj: object, msg: string): void }): ReadinessCheck {
  return {
    name: check.name,
    run: () =>
      check.run().catch((error: unknown) => {
        logger.warn({ check: check.name, err: error }, 'readiness check failed');
        throw error;
      }),
  };
}
