export * from './event-envelope.js';
export * from './identity/user-events.js';
export * from './identity/auth-http.js';
export * from './messaging-http.js';
