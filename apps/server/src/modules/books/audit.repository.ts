import { and, asc, eq } from 'drizzle-orm';
import type { AuditEntity } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { auditLog, users } from '../../db/schema/index.js';

type Snapshot = Record<string, unknown> | null;

/** Plain JSON of a row: dates as ISO text, so what is stored reads back as it was. */
function snapshot(row: object | null | undefined): Snapshot {
  if (!row) return null;
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

/** The audit trail of one owner's books: written inside the change's own transaction, read by the owner only. */
export class AuditRepository {
  private readonly s: OwnerScope;

  constructor(
    db: DbOrTx,
    ownerId: string,
    private readonly actorId: string,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  async record(entity: AuditEntity, entityId: string, action: 'create' | 'update' | 'delete', before: object | null, after: object | null) {
    await this.recordMany([{ entity, entityId, action, before, after }]);
  }

  async recordMany(events: { entity: AuditEntity; entityId: string; action: 'create' | 'update' | 'delete'; before: object | null; after: object | null }[]) {
    // In slices, so an import of thousands of lines stays under PostgreSQL's 65,535 parameters per statement.
    for (let i = 0; i < events.length; i += 1000) {
      await this.s.insertInto(
        auditLog,
        events.slice(i, i + 1000).map((e) => ({
          actorId: this.actorId,
          entity: e.entity,
          entityId: e.entityId,
          action: e.action,
          before: snapshot(e.before),
          after: snapshot(e.after),
        })),
      );
    }
  }

  async history(entity: AuditEntity, entityId: string) {
    return this.s
      .selectFields(auditLog, {
        id: auditLog.id,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        action: auditLog.action,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorName: users.name,
        before: auditLog.before,
        after: auditLog.after,
      })
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.at), asc(auditLog.id));
  }
}
