/**
 * The technicians domain's one front door: other folders import from here, never from a file inside technicians/
 * (.dependency-cruiser.cjs refuses it). Its resolvers, and the technician as others speak of him.
 */
import { TechnicianResolver } from './technician.resolver.js';

export const technicianResolvers = [TechnicianResolver] as const;

export { Technician } from './technician.entity.js';
export { DeleteTechnicianPayload } from './technician.types.js';
