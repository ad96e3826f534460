export * from './common/text.js';
export * from './common/errors.js';
export * from './common/pagination.js';
export * from './common/user.js';
export * from './common/navigation.js';
export * from './auth/auth.js';
export * from './plans/plans.js';
export * from './admin/users.js';
