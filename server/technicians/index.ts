export const technicianResolvers = [] as const;
