import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'New values of one import window.' })
export class ImportSettingInput {
  @Field({
    description: "The planned times the rule matches: '<HH:MM', 'HH:MM/HH:MM' or '>=HH:MM' (whole hours 07-20).",
  })
  timeBetween!: string;

  @Field({ description: "The visit window matching orders get, 'HH:MM/HH:MM' (whole hours 07-20)." })
  timeTo!: string;
}

@InputType({ description: 'One rule of the complete set of import windows.' })
export class ImportSettingRuleInput extends ImportSettingInput {
  @Field(() => Int, { nullable: true, description: 'The rule to change; leave out for a new rule.' })
  id?: number | null;
}

@InputType({ description: 'The complete set of import windows; rules left out are removed.' })
export class SaveImportSettingsInput {
  @Field(() => [ImportSettingRuleInput], { description: 'Every rule; together they must cover the whole day once.' })
  settings!: ImportSettingRuleInput[];
}
