import { describe, expect, it } from 'vitest';
import { numberedPlaceholders } from '../../../server/common/db/plain-statements.js';

describe('numbered placeholders for statements run on the pool', () => {
  it('numbers each placeholder in order, casts kept', () => {
    expect(numberedPlaceholders('select ?::int, ? from t where a = ? and b in (?, ?)')).toBe(
      'select $1::int, $2 from t where a = $3 and b in ($4, $5)',
    );
  });

  it('leaves a question mark inside a quoted literal alone', () => {
    expect(numberedPlaceholders(`select '?' || ?, 'it''s ?' where x = ?`)).toBe(
      `select '?' || $1, 'it''s ?' where x = $2`,
    );
  });

  it('leaves a statement without placeholders unchanged', () => {
    expect(numberedPlaceholders('select 1')).toBe('select 1');
  });
});
