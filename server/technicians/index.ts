import { TechnicianResolver } from './technician.resolver.js';

export const technicianResolvers = [TechnicianResolver] as const;
