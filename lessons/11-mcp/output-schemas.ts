// A server sends each tool's outputSchema with tools/list, and the SDK's client checks every structured
// result against it. The schema is the server's text, and so are the regular expressions in it
// ("pattern", "patternProperties"). JavaScript's own engine backtracks: "^(a+)+$" against 28 letters
// and a "b" takes seconds, against 40 it does not finish, and the whole agent waits with it, past
// every timeout (a regular expression cannot be interrupted).
//
// So the client checks schemas with a validator whose patterns run on RE2 (the re2js package), which
// matches in time linear in the input. RE2 has no lookarounds or backreferences: a schema that uses
// them cannot be checked safely, and that tool's results come back as errors that say so, instead of
// being trusted unchecked.

import { Ajv2020 } from "ajv/dist/2020.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import { RE2JS } from "re2js";

// What ajv needs of a regular expression: test(), and toString(), which ajv uses as the key of its
// cache of compiled patterns (without it, every pattern is "[object Object]" and the first one compiled
// is used for all). The "u" flag ajv passes is what RE2 does anyway. (`code` names the engine in code
// ajv writes out as a standalone module, which this client never does.)
const linearTimePattern = Object.assign(
  (pattern: string) => {
    const re2 = RE2JS.compile(pattern);
    return { test: (text: string) => re2.matcher(text).find(), toString: () => `re2:${pattern}` };
  },
  { code: 're2js' },
);

export function safeOutputSchemaValidator(): jsonSchemaValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, code: { regExp: linearTimePattern } });
  const checks = new AjvJsonSchemaValidator(ajv);
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      try {
        return checks.getValidator<T>(schema);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        return () => ({
          valid: false,
          data: undefined,
          errorMessage: `its outputSchema cannot be checked safely (${why.slice(0, 200)}); its results are not trusted`,
        });
      }
    },
  };
}
