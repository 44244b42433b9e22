import type { EntityManager } from '@mikro-orm/postgresql';
import { Admin } from '../../server/admins/admin.entity.js';
import { hashPassword } from '../../server/common/auth/passwords.js';
import { Role } from '../../server/common/auth/role.js';
import { Country, type Language } from '../../server/common/locale.js';
import { normalizeHouseNumber, normalizePhone, normalizeZipcode } from '../../server/orders/address-normalization.js';
import { Order, VISIT_DURATION_SECONDS } from '../../server/orders/order.entity.js';
import { Technician } from '../../server/technicians/technician.entity.js';
import type { TestServer } from './test-server.js';

let sequence = 0;
const next = () => ++sequence;

export async function createAdmin(
  em: EntityManager,
  overrides: Partial<Pick<Admin, 'firstname' | 'lastname' | 'email' | 'inactive' | 'role'>> & {
    password?: string;
  } = {},
): Promise<Admin> {
  const n = next();
  const { password, ...fields } = overrides;
  const admin = em.create(Admin, {
    firstname: `Admin${n}`,
    lastname: 'Test',
    email: `admin${n}-${Date.now()}@example.test`,
    inactive: false,
    role: Role.ADMIN,
    tokenVersion: 0,
    passwordHash: password ? await hashPassword(password) : null,
    createdAt: new Date(),
    ...fields,
  });
  await em.flush();
  return admin;
}

export async function createTechnician(
  em: EntityManager,
  overrides: Partial<
    Pick<Technician, 'firstname' | 'lastname' | 'email' | 'personalNumber' | 'country' | 'startingTime'>
  > & {
    password?: string;
  } = {},
): Promise<Technician> {
  const n = next();
  const { password, ...fields } = overrides;
  const technician = em.create(Technician, {
    firstname: `Monteur${n}`,
    lastname: 'Test',
    email: `tech${n}-${Date.now()}@example.test`,
    personalNumber: `N${Date.now()}${n}`.slice(0, 30),
    country: Country.NL,
    startingTime: 8,
    tokenVersion: 0,
    passwordHash: password ? await hashPassword(password) : null,
    createdAt: new Date(),
    ...fields,
  });
  await em.flush();
  return technician;
}

export interface OrderOverrides {
  referenceNumber?: string;
  name?: string;
  email?: string;
  phone?: string;
  zipcode?: string;
  houseNumber?: string;
  street?: string | null;
  houseNumberAddition?: string | null;
  city?: string;
  country?: Country;
  appointment: Date;
  duration?: number;
  technician?: Technician | null;
  special?: boolean;
  externalCompany?: number | null;
  deletedAt?: Date | null;
  /** The consumer's language; null (the default here): the country's. */
  language?: Language | null;
  /** When the order was made (default: the real now); "informed?" counts lookups from then on. */
  createdAt?: Date;
}

export async function createOrder(em: EntityManager, overrides: OrderOverrides): Promise<Order> {
  const n = next();
  const { phone = '06 12345678', zipcode = '1234 AB', houseNumber = '10', ...fields } = overrides;
  const order = em.create(Order, {
    referenceNumber: `REF-${Date.now()}-${n}`,
    name: `Klant ${n}`,
    email: `klant${n}@example.test`,
    phone,
    phoneNormalized: normalizePhone(phone),
    zipcode: normalizeZipcode(zipcode),
    houseNumber: normalizeHouseNumber(houseNumber) ?? 1,
    city: 'Utrecht',
    country: Country.NL,
    duration: VISIT_DURATION_SECONDS,
    technician: null,
    special: false,
    externalCompany: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...fields,
  });
  await em.flush();
  return order;
}

/** Bearer tokens signed by the server under test, for arranging calls in each role. */
export function tokensFor(server: TestServer) {
  const tokens = server.services.tokens;
  return {
    admin: (admin: Admin) => tokens.signAdmin(admin),
    technician: (technician: Technician) => tokens.signTechnician(technician),
    consumer: (orders: Order[]) =>
      tokens.signConsumer(
        orders.map((order) => order.id),
        { state: false, company: 0 },
      ),
  };
}
