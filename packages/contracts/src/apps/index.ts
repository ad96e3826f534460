export * from './contacts.js';
