/** The contract's facts the site applies before sending, as the client's one door to the contract. */
export { CONTACT_REQUEST_RULES } from '@devenv/openapi/facts'
