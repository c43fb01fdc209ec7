/** Five tiers: unit tests beside the code, integration tests against real services, hostile requests (fuzz), parity of the two render engines, end-to-end over HTTPS. */
const common = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  // openapi-backend (the reply check of test/support/http-client.ts, used by every tier that starts the service)
  // requires json-schema-ref-parser 16, which is ESM only and jest's CommonJS runtime cannot load; the CommonJS
  // 11.x that swagger-parser brings has the same parse/dereference.
  moduleNameMapper: { '^@apidevtools/json-schema-ref-parser$': require.resolve('@apidevtools/json-schema-ref-parser') },
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/fonts/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.js'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'] },
    { ...common, displayName: 'fuzz', testMatch: ['<rootDir>/test/fuzz/**/*.fuzz-spec.ts'] },
    { ...common, displayName: 'parity', testMatch: ['<rootDir>/test/parity/**/*.parity-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'], setupFilesAfterEnv: ['<rootDir>/test/support/e2e-timeout.ts'] },
  ],
};
