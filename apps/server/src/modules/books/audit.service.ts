import type { AuditEntity, AuditList } from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { Authenticated } from '../auth/index.js';
import { AuditRepository } from './audit.repository.js';

/** A record's history, to its owner only. */
export class AuditService {
  constructor(private readonly db: Db) {}

  async history(auth: Authenticated, entity: AuditEntity, id: string): Promise<AuditList> {
    const rows = await new AuditRepository(this.db, auth.user.id, auth.user.id).history(entity, id);
    // Another owner's record has no history here: the same 404 as a record that never was.
    if (rows.length === 0) throw notFound('History');
    return {
      items: rows.map((a) => ({
        id: a.id,
        entity: a.entity as AuditEntity,
        entityId: a.entityId,
        action: a.action,
        at: a.at.toISOString(),
        actor: { id: a.actorId, name: a.actorName },
        before: a.before ?? null,
        after: a.after ?? null,
      })),
    };
  }
}
