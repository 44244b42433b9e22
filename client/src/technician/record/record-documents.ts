import { graphql } from '../../gql';

/** @public What the record section reads of a visit's record (codegen reads it). */
export const VisitRecordSectionFragment = graphql(`
  fragment VisitRecordSection_record on VisitRecord {
    applianceBrand
    applianceModel
    applianceSerialNumber
    partsUsed {
      name
      articleNumber
      quantity
    }
    partsNeeded {
      name
      articleNumber
      quantity
    }
    officeNote
    consumerNote
    photos {
      id
      kind
      forConsumer
      thumbnailUrl
    }
    signature {
      url
      signedAt
    }
  }
`);

export const TechnicianVisitRecordQuery = graphql(`
  query TechnicianVisitRecord($orderId: Int!) {
    technicianVisitRecord(orderId: $orderId) {
      ...VisitRecordSection_record
    }
  }
`);

export const SaveVisitRecordMutation = graphql(`
  mutation SaveVisitRecord($input: SaveVisitRecordInput!) {
    saveVisitRecord(input: $input) {
      ...VisitRecordSection_record
    }
  }
`);

export const AddVisitPhotoMutation = graphql(`
  mutation AddVisitPhoto($input: AddVisitPhotoInput!, $file: Upload!) {
    addVisitPhoto(input: $input, file: $file) {
      id
    }
  }
`);

export const SignVisitMutation = graphql(`
  mutation SignVisit($input: SignVisitInput!, $file: Upload!) {
    signVisit(input: $input, file: $file) {
      signedAt
    }
  }
`);

export const RemoveVisitPhotoMutation = graphql(`
  mutation RemoveVisitPhoto($input: RemoveVisitPhotoInput!) {
    removeVisitPhoto(input: $input) {
      updatedAt
    }
  }
`);
