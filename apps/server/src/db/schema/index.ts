export * from './users.js';
export * from './books.js';
export * from './panels.js';
export * from './inventory.js';
export * from './files.js';
export * from './contacts.js';
export * from './scrumboard.js';
