import { UnderscoreNamingStrategy } from '@mikro-orm/postgresql';

/**
 * MikroORM's names, except for foreign keys: the migrations write them the way PostgreSQL names them itself
 * (`<table>_<column>_fkey`, what `references` without a name gives), and the schema comparison must find them.
 */
export class TijdvakNamingStrategy extends UnderscoreNamingStrategy {
  override indexName(
    tableName: string,
    columns: string[],
    type: Parameters<UnderscoreNamingStrategy['indexName']>[2],
  ): string {
    if (type !== 'foreign') return super.indexName(tableName, columns, type);
    return super.indexName(tableName, columns, 'fkey' as typeof type);
  }
}
