/**
 * One new version of a stage: lock, cleanup of what dead runs left, the committed version (and unpublished
 * versions to take over), writes, the fenced publish, and old versions' tables kept while other live runs may
 * read them.
 */
package dev.dag.internal.engine.stage;
