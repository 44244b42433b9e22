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
