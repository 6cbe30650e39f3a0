/**
 * The record scope's public face (ARCHITECTURE "Layout", floor 4): whose records a user sees. It
 * lives in the users module (users/scope.ts), which keeps the teams it reads.
 */
export { Scope, ScopeRules, type RecordScope, type ScopeRule } from './users/scope';
