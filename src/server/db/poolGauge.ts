import type { DatabaseConnection, Dialect, Driver } from 'kysely';

/** Connections of the query layer in use and callers waiting for one (PGlite: its one connection's queue). */
export interface PoolGauge {
  inUse: number;
  waiting: number;
}

/**
 * Wraps a dialect so every connection Kysely takes and gives back is counted: the same figures
 * for a pg pool and for PGlite's single connection behind Kysely's mutex. The driver's methods are
 * called on the driver itself (its private fields need it as `this`).
 */
export function countingDialect(inner: Dialect, gauge: PoolGauge): Dialect {
  return {
    createQueryCompiler: () => inner.createQueryCompiler(),
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver(): Driver {
      const d = inner.createDriver();
      const driver: Driver = {
        init: (o) => d.init(o),
        async acquireConnection(o): Promise<DatabaseConnection> {
          gauge.waiting++;
          let c: DatabaseConnection;
          try {
            c = await d.acquireConnection(o);
          } finally {
            gauge.waiting--;
          }
          gauge.inUse++;
          return c;
        },
        beginTransaction: (c, s) => d.beginTransaction(c, s),
        commitTransaction: (c) => d.commitTransaction(c),
        rollbackTransaction: (c) => d.rollbackTransaction(c),
        releaseConnection(c, o) {
          gauge.inUse--;
          return d.releaseConnection(c, o);
        },
        destroy: (o) => d.destroy(o),
      };
      if (d.savepoint) driver.savepoint = (c, n, q) => d.savepoint!(c, n, q);
      if (d.rollbackToSavepoint) driver.rollbackToSavepoint = (c, n, q) => d.rollbackToSavepoint!(c, n, q);
      if (d.releaseSavepoint) driver.releaseSavepoint = (c, n, q) => d.releaseSavepoint!(c, n, q);
      return driver;
    },
  };
}
