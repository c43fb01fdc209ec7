/** Five tiers: unit tests beside the code, integration tests against real services, hostile requests (fuzz), parity of the two render engines, end-to-end over HTTPS. */
const common = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true }] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/fonts/**/*.spec.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'] },
    { ...common, displayName: 'fuzz', testMatch: ['<rootDir>/test/fuzz/**/*.fuzz-spec.ts'] },
    { ...common, displayName: 'parity', testMatch: ['<rootDir>/test/parity/**/*.parity-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
  ],
};
