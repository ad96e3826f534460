export * from './users.js';
export * from './books.js';
export * from './panels.js';
export * from './contacts.js';
