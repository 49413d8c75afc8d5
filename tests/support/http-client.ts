import { Agent, setGlobalDispatcher } from "undici";

/**
 * The tests' fetch goes through the undici of package.json instead of the one built into Node. Node 24's own
 * undici (7.29) throws an uncatchable AssertionError (`assert(!this.paused)`, nodejs/undici#5360) when a server
 * closes a connection whose answer the test has not read yet, as the site does after refusing an upload early;
 * undici 8 finishes such an answer instead. The site's own outbound requests read or cancel every answer's body.
 */
setGlobalDispatcher(new Agent());
