import { DEFAULT_USERS_PARAMS, parseUsersParams, toApiQuery, toSearchParams } from './users-params';

describe('users list state in the address', () => {
  it('falls back to the defaults for anything unknown or malformed', () => {
    const p = parseUsersParams(new URLSearchParams('role=owner&status=gone&sort=password&order=up&page=-2&size=7'));
    expect(p).toEqual(DEFAULT_USERS_PARAMS);
  });

  it('round-trips a full state and writes nothing for the defaults', () => {
    const sp = new URLSearchParams('search=ana&role=user&plan=pro&status=disabled&sort=plan&order=asc&page=4&size=50');
    expect(toSearchParams(parseUsersParams(sp)).toString()).toBe(sp.toString());
    expect(toSearchParams(DEFAULT_USERS_PARAMS).toString()).toBe('');
  });

  it('sends every list parameter to the server, and no empty search', () => {
    expect(toApiQuery({ ...DEFAULT_USERS_PARAMS, search: '   ' })).toEqual({
      search: undefined,
      role: undefined,
      plan: undefined,
      status: undefined,
      sort: 'createdAt',
      order: 'desc',
      page: 1,
      size: 10,
    });
  });
});
