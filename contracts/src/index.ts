export * from './event-envelope.js';
