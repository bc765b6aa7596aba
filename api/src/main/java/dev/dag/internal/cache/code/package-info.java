/**
 * Code fingerprints for {@code Materialize.AUTO}: a task method's bytecode without debug attributes and the
 * project code it reaches, read with ASM; libraries by their jar.
 */
package dev.dag.internal.cache.code;
