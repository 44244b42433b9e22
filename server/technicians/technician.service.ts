import { raw, UniqueConstraintViolationException, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AppContext } from '../context.js';
import { Role } from '../common/auth/role.js';
import { queuePasswordMail } from '../common/jobs/password-mail-job.js';
import { checkPersonFields } from '../common/person-fields.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE } from '../common/locale.js';
import { localDayOf } from '../../shared/zoned-time.js';
import { DEFAULT_STARTING_HOUR, HOUR_CHOICES } from '../../shared/hours.js';
import { fullName, PERSONAL_NUMBER_MAX_LENGTH, PERSONAL_NUMBER_PATTERN } from '../../shared/staff.js';
import { Technician } from './technician.entity.js';
import { TechnicianError } from './technician.errors.js';
import type { CreateTechnicianInput, UpdateTechnicianInput } from './technician.inputs.js';

/** `%` and `_` typed by a user are searched for literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export class TechnicianService {
  constructor(private readonly ctx: AppContext) {}

  /** Technicians by name, optionally those whose name, e-mail or personal number contains `search`. */
  list(search?: string): Promise<Technician[]> {
    const term = search?.trim();
    let where: FilterQuery<Technician> = {};
    if (term) {
      const pattern = `%${escapeLike(term)}%`;
      where = {
        $or: [
          // "Jan de Vries" finds Jan de Vries: the full name counts, not only its parts.
          { [raw((alias) => `${alias}.firstname || ' ' || ${alias}.lastname`)]: { $ilike: pattern } },
          { email: { $ilike: pattern } },
          { personalNumber: { $ilike: pattern } },
        ],
      };
    }
    return this.ctx.em.find(Technician, where, { orderBy: { firstname: 'asc', lastname: 'asc', id: 'asc' } });
  }

  async get(id: number): Promise<Technician> {
    const technician = await this.ctx.em.findOne(Technician, { id });
    if (!technician) throw new AppError(CommonError.NOT_FOUND);
    return technician;
  }

  /** A technician without a password: the reset mail that follows lets it set one. */
  async create(input: CreateTechnicianInput): Promise<Technician> {
    const problems: FieldProblem[] = [];
    const fields = checkPersonFields(input, problems);
    const personalNumber = input.personalNumber.trim();
    if (personalNumber === '') problems.push({ field: 'personalNumber', message: 'FIELD_REQUIRED' });
    else if (personalNumber.length > PERSONAL_NUMBER_MAX_LENGTH) {
      problems.push({
        field: 'personalNumber',
        message: 'FIELD_TOO_LONG',
        params: { max: PERSONAL_NUMBER_MAX_LENGTH },
      });
    } else if (!PERSONAL_NUMBER_PATTERN.test(personalNumber)) {
      problems.push({ field: 'personalNumber', message: 'INVALID_PERSONAL_NUMBER' });
    }
    const startingTime = input.startingTime ?? DEFAULT_STARTING_HOUR;
    checkStartingTime(startingTime, problems);
    if (problems.length > 0) throw new AppError(CommonError.BAD_USER_INPUT, { fields: problems });

    if (await this.ctx.em.count(Technician, { $or: [{ email: fields.email }, { personalNumber }] })) {
      throw alreadyExists();
    }
    return this.ctx.em.transactional(async (em) => {
      const technician = em.create(Technician, {
        ...fields,
        personalNumber,
        startingTime,
        country: input.country ?? this.ctx.country,
        lastOnline: null,
        passwordHash: null,
        tokenVersion: 0,
        createdAt: this.ctx.services.clock.now(),
      });
      await flushUnique(em, alreadyExists);
      // The new technician is mailed a link to set a password, by the server, retried while mail is down.
      await queuePasswordMail(this.ctx.services.jobs, em, {
        role: Role.TECHNICIAN,
        accountId: technician.id,
        language: this.ctx.language,
      });
      return technician;
    });
  }

  async update(id: number, input: UpdateTechnicianInput): Promise<Technician> {
    const problems: FieldProblem[] = [];
    const fields = checkPersonFields(input, problems);
    checkStartingTime(input.startingTime, problems);
    if (problems.length > 0) throw new AppError(CommonError.BAD_USER_INPUT, { fields: problems });

    const em = this.ctx.em;
    const technician = await this.get(id);
    if (fields.email !== technician.email && (await em.count(Technician, { email: fields.email, id: { $ne: id } }))) {
      throw emailTaken();
    }
    if (input.country && input.country !== technician.country) await this.assertNoOrdersToVisit(technician);
    Object.assign(technician, fields, { startingTime: input.startingTime });
    if (input.country) technician.country = input.country;
    await flushUnique(em, emailTaken);
    return technician;
  }

  /**
   * An order is visited by a technician of its own country (docs/rules.md, Technician and order country):
   * a technician with orders still to visit keeps his country until they are moved to someone else.
   */
  private async assertNoOrdersToVisit(technician: Technician): Promise<void> {
    const zone = TIME_ZONE[technician.country];
    const today = localDayOf(this.ctx.services.clock.now(), zone).start;
    // By the entity's name: the orders domain builds on this one, so its class is not imported here. The ORM
    // applies the orders' own "not deleted" filter (orders/repository/active-orders.ts), as to every order read.
    const orders = this.ctx.em.getMetadata().getByClassName<OrderOfTechnician>('Order').class;
    const count = await this.ctx.em.count(orders, { technician: technician.id, appointment: { $gte: today } });
    if (count > 0) {
      throw new AppError(TechnicianError.TECHNICIAN_COUNTRY_HAS_ORDERS, {
        params: { technician: fullName(technician), count },
      });
    }
  }
}

/** What this check reads of an order (the orders domain's `Order`). */
interface OrderOfTechnician {
  id: number;
  technician: number | null;
  appointment: Date;
}

function checkStartingTime(hour: number, problems: FieldProblem[]): void {
  if (!Number.isInteger(hour) || hour < HOUR_CHOICES.first || hour > HOUR_CHOICES.last) {
    problems.push({
      field: 'startingTime',
      message: 'STARTING_TIME_OUT_OF_RANGE',
      params: { minHour: HOUR_CHOICES.first, maxHour: HOUR_CHOICES.last },
    });
  }
}

const alreadyExists = () => new AppError(TechnicianError.TECHNICIAN_ALREADY_EXISTS);

const emailTaken = () =>
  new AppError(TechnicianError.TECHNICIAN_ALREADY_EXISTS, {
    message: 'TECHNICIAN_EMAIL_TAKEN',
    fields: [{ field: 'email', message: 'TECHNICIAN_EMAIL_TAKEN' }],
  });

/** The database has the last word on uniqueness (two admins creating one technician at the same moment). */
async function flushUnique(em: EntityManager, error: () => AppError): Promise<void> {
  try {
    await em.flush();
  } catch (cause) {
    if (cause instanceof UniqueConstraintViolationException) throw error();
    throw cause;
  }
}
