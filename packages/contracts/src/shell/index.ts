export * from './panels.js';
export * from './search.js';
export * from './help.js';
