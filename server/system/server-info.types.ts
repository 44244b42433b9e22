import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Facts about this server that every client may read.' })
export class ServerInfo {
  @Field({ description: 'The brand name used in file names and payload field names.' })
  brand!: string;

  @Field({ description: "The server's current time; clients use it for greetings and countdowns." })
  now!: Date;
}
