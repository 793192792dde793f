export * from './event-envelope.js';
export * from './identity/user-events.js';
export * from './identity/auth-http.js';
export * from './messaging-http.js';
export * from './identity/staff-http.js';
export * from './settings/gold-rate.js';
export * from './contact/contact.js';
export * from './identity/password-http.js';
