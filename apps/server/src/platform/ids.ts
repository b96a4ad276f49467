const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path segment is a row id (a UUID) rather than a name: a non-UUID never reaches a uuid column. */
export const isUuid = (value: string) => UUID.test(value);
