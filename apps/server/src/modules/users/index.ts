/**
 * The users: no routes and no plugin of its own; what auth, common, settings, account and admin share
 * about an account (its rows, its shape on the wire, whether it may keep books now).
 */
export { UsersRepository, type NewUserRow, type SessionRow, type UserRow } from './users.repository.js';
export { avatarUrl, toUser } from './users.mapper.js';
export { keepsBooks, onTrial, trialEnd } from './trial.js';
