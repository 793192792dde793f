export * from './decider-spec.js';
export * from './test-infra.js';
export * from './test-api.js';
export * from './loan-confirmation-kit.js';
export * from './holidays-kit.js';
