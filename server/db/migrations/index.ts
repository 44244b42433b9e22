import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261121000000_initial } from './Migration20261121000000_initial.js';
import { Migration20261121070000_import_jobs } from './Migration20261121070000_import_jobs.js';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS: { name: string; class: Constructor<Migration> }[] = [
  { name: 'Migration20261121000000_initial', class: Migration20261121000000_initial },
  { name: 'Migration20261121070000_import_jobs', class: Migration20261121070000_import_jobs },
];
