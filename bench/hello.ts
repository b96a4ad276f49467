// The yardstick: a Fastify hello-world on the same machine, in the same run.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT ?? 3901), host: "127.0.0.1" });
