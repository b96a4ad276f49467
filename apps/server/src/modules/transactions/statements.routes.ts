import type { FastifyReply } from "fastify";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { receiptPdf } from "./receipt-pdf.ts";
import { buildStatement, listStatementYears, SITE_NAME } from "./statement.service.ts";
import { statementCsv } from "./statement-csv.ts";
import { drawStatementPdf } from "./statement-pdf.ts";

/** A document to save: its type, a file name the browser offers, and never kept by a shared cache. */
function sendDocument(reply: FastifyReply, body: string | Buffer, type: string, fileName: string) {
  return reply
    .header("content-type", type)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-store")
    .send(body);
}

/** Receipts as PDF documents and the yearly statements (issue 22), for the signed-in user only. */
export async function statementsRoutes(app: AppInstance) {
  const { db } = app.deps;

  route(app, "GET /activity/transactions/:saleId/receipt.pdf", {}, async (request, reply) => {
    const { pdf, fileName } = await receiptPdf(db, requireViewer(request), request.params.saleId);
    return sendDocument(reply, pdf, "application/pdf", fileName);
  });

  route(app, "GET /activity/statements", {}, async (request) =>
    listStatementYears(db, requireViewer(request).id),
  );

  route(app, "GET /activity/statements/:year.csv", {}, async (request, reply) => {
    const statement = await buildStatement(db, requireViewer(request).id, request.params.year);
    return sendDocument(
      reply,
      statementCsv(statement, SITE_NAME),
      "text/csv; charset=utf-8",
      `lesson-loft-statement-${statement.year}.csv`,
    );
  });

  route(app, "GET /activity/statements/:year.pdf", {}, async (request, reply) => {
    const statement = await buildStatement(db, requireViewer(request).id, request.params.year);
    return sendDocument(
      reply,
      await drawStatementPdf(statement, SITE_NAME),
      "application/pdf",
      `lesson-loft-statement-${statement.year}.pdf`,
    );
  });
}
