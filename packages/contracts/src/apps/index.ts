export * from './inventory.js';
export * from './file-manager.js';
export * from './icons.js';
export * from './contacts.js';
export * from './chat.js';
export * from './notes.js';
export * from './tasks.js';
export * from './mailbox.js';
