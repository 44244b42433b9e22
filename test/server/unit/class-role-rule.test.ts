import 'reflect-metadata';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { readFileSync } from 'node:fs';
import { graphql, type GraphQLSchema } from 'graphql';
import { Field, Int, ObjectType, Query, Resolver, buildSchema } from 'type-graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { enforceRequiredRoles } from '../../../server/common/auth/auth-checker.js';
import { assertEveryFieldGuarded } from '../../../server/common/auth/guarded-fields.js';
import { authDirective, RequireRole, RequireRoleForAll } from '../../../server/common/auth/require-role.js';
import { Role } from '../../../server/common/auth/role.js';
import type { AppContext } from '../../../server/context.js';

@ObjectType({ description: 'Figures every field of which the class rules.' })
@RequireRoleForAll(Role.ADMIN, Role.TECHNICIAN)
class Figures {
  @Field(() => Int, { nullable: true, description: 'Visits.' })
  visits!: number;

  @Field(() => Int, { nullable: true, description: 'Visits reached.' })
  reached!: number;

  @Field(() => String, { nullable: true, description: 'A note only the office reads.' })
  @RequireRole(Role.ADMIN)
  note!: string;
}

@ObjectType({ description: 'A type whose field has no rule, from itself nor from its class.' })
class Unruled {
  @Field(() => String, { description: 'Read by anyone who reaches it.' })
  loose!: string;
}

@Resolver()
@RequireRoleForAll(Role.ADMIN, Role.TECHNICIAN, Role.CONSUMER)
class FiguresResolver {
  @Query(() => Figures, { nullable: true, description: 'The figures.' })
  figures(): Figures {
    return { visits: 3, reached: 2, note: 'achterom' };
  }

  @Query(() => String, { nullable: true, description: 'For the office only.' })
  @RequireRole(Role.ADMIN)
  secret(): string {
    return 'kluis';
  }

  @Query(() => Unruled, { description: 'The unruled type.' })
  unruled(): Unruled {
    return { loose: 'open' };
  }
}

const contextOf = (role: Role | null) => ({ viewer: role ? { role } : null }) as unknown as AppContext;
const codes = (errors: readonly { extensions?: Record<string, unknown> }[] | undefined) =>
  (errors ?? []).map((error) => error.extensions?.code);

describe('a rule on a whole class (RequireRoleForAll)', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildSchema({ resolvers: [FiguresResolver], directives: [authDirective], validate: false });
    enforceRequiredRoles(schema);
  });
  const run = (source: string, role: Role | null) => graphql({ schema, source, contextValue: contextOf(role) });

  it("guards every field of a class-ruled type: a role its root lets through is refused by the type's rule", async () => {
    const consumer = await run('{ figures { visits } }', Role.CONSUMER);
    expect(consumer.data).toEqual({ figures: { visits: null } });
    expect(codes(consumer.errors)).toEqual(['FORBIDDEN']);
    const anonymous = await run('{ figures { reached } }', null);
    expect(codes(anonymous.errors)).toEqual(['UNAUTHENTICATED']);
    const technician = await run('{ figures { visits reached } }', Role.TECHNICIAN);
    expect(technician).toEqual({ data: { figures: { visits: 3, reached: 2 } } });
  });

  it("lets a member's own rule narrow the class rule, on a type and on a resolver", async () => {
    const technician = await run('{ figures { visits note } }', Role.TECHNICIAN);
    expect(technician.data).toEqual({ figures: { visits: 3, note: null } });
    expect(codes(technician.errors)).toEqual(['FORBIDDEN']);
    expect(codes((await run('{ secret }', Role.TECHNICIAN)).errors)).toEqual(['FORBIDDEN']);
    expect(await run('{ secret figures { note } }', Role.ADMIN)).toEqual({
      data: { secret: 'kluis', figures: { note: 'achterom' } },
    });
  });

  it("prints each field's own rule, and none on the type", () => {
    const sdl = printSchemaWithDirectives(schema);
    expect(sdl).toContain('type Figures {');
    expect(sdl).toContain('visits: Int @auth(requires: [ADMIN, TECHNICIAN])');
    expect(sdl).toContain('reached: Int @auth(requires: [ADMIN, TECHNICIAN])');
    expect(sdl).toContain('note: String @auth(requires: [ADMIN])');
    expect(sdl).toContain('figures: Figures @auth(requires: [ADMIN, TECHNICIAN, CONSUMER])');
    expect(sdl).toContain('secret: String @auth(requires: [ADMIN])');
  });

  it('prints the rule on every field of a converted type of the committed schema', () => {
    const committed = readFileSync('schema/schema.graphql', 'utf8');
    const body = /\ntype OfficeFigureRow \{\n([\s\S]*?)\n\}/.exec(committed)?.[1] ?? '';
    const fields = body.split('\n').filter((line) => /^ {2}\w+(\(|:)/.test(line));
    expect(fields.length).toBeGreaterThan(10);
    for (const field of fields) expect(field).toMatch(/@auth\(requires: \[ADMIN, DISPATCHER, VIEWER\]\)$/);
  });

  it('fails the build for a type whose field has no rule from itself or its class, unless the type is public', () => {
    expect(() => assertEveryFieldGuarded(schema, new Set(), new Set())).toThrow(/: Unruled\.loose$/);
    expect(() => assertEveryFieldGuarded(schema, new Set(), new Set(['Unruled']))).not.toThrow();
    expect(() => assertEveryFieldGuarded(schema, new Set(), new Set(['Unruled', 'Gone']))).toThrow(/: Gone$/);
  });

  it('refuses a member rule that repeats the class rule or opens more than it, and a class without fields', () => {
    expect(() => {
      @ObjectType({ description: 'Said twice.' })
      @RequireRoleForAll(Role.ADMIN)
      class Twice {
        @Field(() => String, { description: 'Said twice.' })
        @RequireRole(Role.ADMIN)
        field!: string;
      }
      return Twice;
    }).toThrow('Twice.field repeats the @auth(requires: [ADMIN]) of its class');
    expect(() => {
      @ObjectType({ description: 'Wider.' })
      @RequireRoleForAll(Role.ADMIN)
      class Wider {
        @Field(() => String, { description: 'Open to more.' })
        @RequireRole(Role.ADMIN, Role.CONSUMER)
        field!: string;
      }
      return Wider;
    }).toThrow('Wider.field opens more than the @auth(requires: [ADMIN]) of its class');
    expect(() => {
      @RequireRoleForAll(Role.ADMIN)
      class Empty {}
      return Empty;
    }).toThrow('@RequireRoleForAll on Empty, which has no fields');
  });
});
