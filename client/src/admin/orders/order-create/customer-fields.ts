export type CustomerFieldName =
  | 'name'
  | 'email'
  | 'city'
  | 'street'
  | 'houseNumber'
  | 'houseNumberAddition'
  | 'zipcode'
  | 'phone'
  | 'referenceNumber';

/**
 * The text inputs, the address in the order it is written ("3511 CD 6": postcode, then number, then street and
 * city), with what browsers need.
 */
export const CUSTOMER_FIELDS: {
  name: CustomerFieldName;
  type?: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'tel';
  optional?: boolean;
}[] = [
  { name: 'name', autoComplete: 'off' },
  { name: 'email', type: 'email', autoComplete: 'off' },
  { name: 'zipcode', autoComplete: 'off' },
  { name: 'houseNumber', autoComplete: 'off', inputMode: 'numeric' },
  { name: 'houseNumberAddition', autoComplete: 'off', optional: true },
  { name: 'street', autoComplete: 'off', optional: true },
  { name: 'city', autoComplete: 'off' },
  { name: 'phone', type: 'tel', autoComplete: 'off', inputMode: 'tel' },
  { name: 'referenceNumber', autoComplete: 'off' },
];

export type Customer = Record<CustomerFieldName, string>;

export const EMPTY_CUSTOMER: Customer = {
  name: '',
  email: '',
  city: '',
  street: '',
  houseNumber: '',
  houseNumberAddition: '',
  zipcode: '',
  phone: '',
  referenceNumber: '',
};

/** The element id of a field of the form, which the focus moves to when it is wrong. */
export const fieldId = (name: string) => `order-${name}`;
