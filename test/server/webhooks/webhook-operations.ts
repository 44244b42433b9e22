/** The operations the webhook tests arrange with: an application, its endpoint, an order that fires an event. */
export const CREATE_CLIENT = /* GraphQL */ `
  mutation ($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      apiClient {
        id
      }
    }
  }
`;
export const CREATE_ENDPOINT = /* GraphQL */ `
  mutation ($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      endpoint {
        id
      }
    }
  }
`;
export const CREATE_ORDER = /* GraphQL */ `
  mutation ($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
    }
  }
`;

/** A valid order for `CREATE_ORDER` (the technician N100 is the tests' own), named by its reference. */
export const orderInput = (referenceNumber: string) => ({
  referenceNumber,
  name: 'Anna Jansen',
  email: 'anna@example.test',
  phone: '06 12345678',
  zipcode: '1234 ab',
  houseNumber: '12',
  city: 'Utrecht',
  appointment: '2026-11-25T08:00:00.000Z',
  duration: 10800,
  technician: 'N100',
  special: false,
});
