export * from './inventory.js';
export * from './file-manager.js';
export * from './icons.js';
export * from './contacts.js';
export * from './scrumboard.js';
