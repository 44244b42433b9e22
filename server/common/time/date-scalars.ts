import { GraphQLScalarType } from 'graphql';
import { GraphQLDateTimeISO, LocalDateResolver } from 'graphql-scalars';
import { PLANNING_YEARS } from '../../../shared/orders.js';
import { AppError } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';

const HOUR_MS = 3_600_000;
/**
 * Instants that fall in the planning years in some time zone (UTC-12 to UTC+14): an order's date,
 * a filter bound or a day, read in its country, can then be in those years.
 */
const FIRST_INSTANT_MS = Date.UTC(PLANNING_YEARS.first, 0, 1) - 14 * HOUR_MS;
const END_INSTANT_MS = Date.UTC(PLANNING_YEARS.last + 1, 0, 1) + 12 * HOUR_MS;

function outOfRange(): AppError {
  return new AppError(CommonError.BAD_USER_INPUT, { message: 'DATE_OUT_OF_RANGE', params: { ...PLANNING_YEARS } });
}

function instantInRange(instant: Date): Date {
  const time = instant.getTime();
  if (!(time >= FIRST_INSTANT_MS && time < END_INSTANT_MS)) throw outOfRange();
  return instant;
}

function dateInRange(date: string): string {
  const year = Number(date.slice(0, 4));
  if (!(year >= PLANNING_YEARS.first && year <= PLANNING_YEARS.last)) throw outOfRange();
  return date;
}

/**
 * graphql-scalars' DateTimeISO (type-graphql's scalar for `Date`), taking only instants of the planning
 * years as input: every date the schema takes is then in range before any service sees it, and one
 * far out (0000-01-01, 9999-12-31) is a localised BAD_USER_INPUT instead of a failure deep inside.
 * Output is unchanged.
 */
export const DateTimeISOScalar = new GraphQLScalarType<Date, string>({
  ...GraphQLDateTimeISO.toConfig(),
  parseValue: (value) => instantInRange(GraphQLDateTimeISO.parseValue(value)),
  parseLiteral: (ast, variables) => instantInRange(GraphQLDateTimeISO.parseLiteral(ast, variables)),
});

/** graphql-scalars' LocalDate (YYYY-MM-DD), taking only dates of the planning years as input. */
export const LocalDateScalar = new GraphQLScalarType<string, string>({
  ...LocalDateResolver.toConfig(),
  parseValue: (value) => dateInRange(LocalDateResolver.parseValue(value)),
  parseLiteral: (ast, variables) => dateInRange(LocalDateResolver.parseLiteral(ast, variables)),
});
