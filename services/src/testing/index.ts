export * from './decider-spec.js';
export * from './test-infra.js';
