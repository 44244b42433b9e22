import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { texts as admin } from '../../client/src/i18n/nl/admin.js';
import { texts as common } from '../../client/src/i18n/nl/common.js';
import { texts as consumer } from '../../client/src/i18n/nl/consumer.js';
import { texts as staff } from '../../client/src/i18n/nl/staff.js';
import { texts as technician } from '../../client/src/i18n/nl/technician.js';
import { AREA_PARTS, PART_OF_PREFIX, SHELL_PARTS, type Area, type TextPart } from '../../client/src/i18n/parts.js';

const SOURCE = 'client/src';
const KEYS_OF_PART: Record<TextPart, string[]> = {
  common: Object.keys(common),
  consumer: Object.keys(consumer),
  staff: Object.keys(staff),
  technician: Object.keys(technician),
  admin: Object.keys(admin),
};
const PART_OF_KEY = new Map(
  Object.entries(KEYS_OF_PART).flatMap(([part, keys]) => keys.map((key) => [key, part as TextPart] as const)),
);
const AREAS = Object.keys(AREA_PARTS) as Area[];

const intersection = (lists: (readonly TextPart[])[]): TextPart[] =>
  lists.reduce<TextPart[]>((all, list) => all.filter((part) => list.includes(part)), [...lists[0]]);

/**
 * The parts loaded wherever a file's code runs: an area's folder has its area's parts; client/src/staff serves
 * the technician and the admin areas, so it has what both load; everything else (the router, /404, components,
 * lib) also renders in the shell and in every area.
 */
function partsLoadedFor(file: string): TextPart[] {
  const folder = relative(SOURCE, file).split('/')[0];
  if ((AREAS as string[]).includes(folder)) return [...AREA_PARTS[folder as Area]];
  if (folder === 'staff') return intersection([AREA_PARTS.technician, AREA_PARTS.admin]);
  return intersection([SHELL_PARTS, ...AREAS.map((area) => AREA_PARTS[area])]);
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/**
 * The texts a file names, with the part each belongs to: every quoted literal that is a key, and every template
 * literal whose fixed start names a text (`visit.stage.${stage}`), by the part its first segment says.
 */
function textsNamedIn(source: string): { text: string; part: TextPart }[] {
  const named: { text: string; part: TextPart }[] = [];
  for (const [, key] of source.matchAll(/['"]([a-zA-Z]+\.[\w.]+)['"]/g)) {
    const part = PART_OF_KEY.get(key);
    if (part) named.push({ text: key, part });
  }
  for (const [, start, prefix] of source.matchAll(/`(([a-zA-Z]+)\.[\w.]*)\$\{/g)) {
    if (!(prefix in PART_OF_PREFIX) || ![...PART_OF_KEY.keys()].some((key) => key.startsWith(start))) continue;
    named.push({ text: `${start}…`, part: PART_OF_PREFIX[prefix as keyof typeof PART_OF_PREFIX] });
  }
  return named;
}

describe('texts split into parts by area', () => {
  it('holds each key in the part its first segment names, and in no other part', () => {
    for (const [part, keys] of Object.entries(KEYS_OF_PART)) {
      const misplaced = keys.filter((key) => PART_OF_PREFIX[key.split('.')[0] as keyof typeof PART_OF_PREFIX] !== part);
      expect(misplaced, `in nl/${part}.ts`).toEqual([]);
    }
    expect(PART_OF_KEY.size).toBe(Object.values(KEYS_OF_PART).flat().length);
  });

  it('has every file use only texts of the parts loaded where it runs', () => {
    const outside: string[] = [];
    const namedByArea = new Map<string, number>();
    for (const file of sourceFiles(SOURCE)) {
      const loaded = partsLoadedFor(file);
      const named = textsNamedIn(readFileSync(file, 'utf8'));
      const folder = relative(SOURCE, file).split('/')[0];
      namedByArea.set(folder, (namedByArea.get(folder) ?? 0) + named.length);
      for (const { text, part } of named) {
        if (!loaded.includes(part))
          outside.push(`${relative(SOURCE, file)}: ${text} (${part}, loaded: ${loaded.join(', ')})`);
      }
    }
    expect(outside).toEqual([]);
    // The scan finds the texts the areas are known to use, so an empty result above means something.
    expect(namedByArea.get('consumer')).toBeGreaterThan(90);
    expect(namedByArea.get('technician')).toBeGreaterThan(80);
    expect(namedByArea.get('admin')).toBeGreaterThan(500);
    expect(namedByArea.get('staff')).toBeGreaterThan(10);
    expect(namedByArea.get('components')).toBeGreaterThan(0);
  });

  it('names a file whose text is of a part its area does not load', () => {
    expect(textsNamedIn("t('admin.board.none')")).toEqual([{ text: 'admin.board.none', part: 'admin' }]);
    expect(textsNamedIn('t(`visit.stage.${stage}`)')).toEqual([{ text: 'visit.stage.…', part: 'staff' }]);
    expect(partsLoadedFor(`${SOURCE}/consumer/IndexPage.tsx`)).not.toContain('admin');
    expect(partsLoadedFor(`${SOURCE}/staff/SignInForm.tsx`)).toEqual(['common', 'staff']);
    expect(partsLoadedFor(`${SOURCE}/components/Spinner.tsx`)).toEqual(['common']);
  });
});
