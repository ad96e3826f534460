export * from './numbers.js';
export * from './chart.js';
export * from './registries.js';
export * from './entries.js';
export * from './trips.js';
export * from './periods.js';
export * from './settings.js';
export * from './reports.js';
