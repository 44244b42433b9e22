import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Admin } from '../admins/admin.entity.js';
import { Technician } from '../technicians/index.js';

/** A technician confirmed the schedule of one date; from then on that schedule is locked. */
@Entity({ tableName: 'schedule_confirmations' })
@Unique({ name: 'schedule_confirmations_technician_date_unique', properties: ['technician', 'date'] })
export class ScheduleConfirmation {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => Technician, { deleteRule: 'cascade' })
  technician!: Technician;

  /** The schedule's calendar date in the technician's country, YYYY-MM-DD. */
  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'datetime' })
  confirmedAt!: Date;

  /** Set when an admin who opened the planner as the technician confirmed it, so support can tell. */
  @ManyToOne(() => Admin, { nullable: true, deleteRule: 'set null' })
  confirmedByAdmin: Admin | null = null;
}
