/**
 * @devenv/openapi: the API contract and the one model of it every tool uses. See README.md.
 * - document: loading openapi.yaml;
 * - pointer: JSON pointers and local `$ref`s;
 * - operations: the operations, each described once (paths under every prefix, parameters,
 *   body, examples, security, `x-rate-limits`, documented responses and required headers);
 * - schemas: following a schema's `$ref`s, its JSON types, `allOf` folded;
 * - validator: the validator's interface over compiled schema checks; ajv: Ajv (JSON Schema
 *   2020-12) compiling them at run time (the portable entry, `./portable`, precompiles them);
 * - contract: all of the above built once, with the matcher from (method, path) to operation;
 * - invalid-data: paths in a body and the one edit that breaks it, shared by both generators;
 * - judgement: the one answer judgement (status, media type, schema, required headers);
 * - coverage: which operations, documented statuses and examples a run exercised;
 * - register: one id for every rule of the contract, data and prose (rule-register.yaml).
 */
export { ajvSchemaId, createAjv, createSchemaValidator, DOCUMENT_ID, matchesFormat } from './ajv'
export { createContract, loadContract } from './contract-file'
export { countsInFigure, type RuleCoverage, ruleFigure } from './coverage'
export { loadOpenApiDocument, OPENAPI_DOCUMENT_PATH, OPENAPI_DOCUMENT_URL } from './document-file'
export * from './model'
export {
  type ContractRule,
  contractRuleIds,
  DATA_RULE_ID,
  dataRuleIds,
  extensionOfRule,
  isRuleId,
  normaliseProse,
  PROSE_RULE_ID,
  parseRuleRegister,
  proseOf,
  type RegisteredRule,
  RULE_REGISTER_PATH,
  type RuleId,
  RuleRegisterError,
  ruleIsOf,
  ruleRegister,
} from './register'
