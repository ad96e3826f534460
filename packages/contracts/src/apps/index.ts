export * from './inventory.js';
