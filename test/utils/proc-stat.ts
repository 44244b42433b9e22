/**
 * Field `field` of a `/proc/<pid>/stat` or `/proc/<pid>/task/<tid>/stat` line, numbered as proc(5) numbers them
 * (from 1). The command's name (field 2) may hold spaces and parentheses: the fields are counted after its closing one.
 */
export function procStatField(stat: string, field: number): string {
  const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return afterName[field - 3];
}
