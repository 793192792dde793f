export * from './event-store.js';
export * from './upcasting.js';
export type { EventStoreDatabase } from './schema.js';
