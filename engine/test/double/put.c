/* engine/test/double/put.c - slPutPolygon / slPutPolygonX: each call is
   recorded with a copy of its PDATA (the pointers and counts, not the
   tables they point at) and the current matrix. Recorded as defects: more
   than 2500 points or 1761 polygons in one call, a NULL table, a vertex
   index past the points. */
#include "internal.h"

#define MAX_PUTS 4096

static double_put puts_[MAX_PUTS];
static unsigned int put_count;
static bool overflow_told;

void double_reset_puts(void)
{
    put_count = 0;
    overflow_told = false;
}

/* What SGL would draw wrongly or crash on: the limits of the SGLAREA.O Jo
   links (jo-engine-api 0.2) and vertex indices past the points. */
static void check_pdata(const PDATA *pdata)
{
    unsigned int i, k;
    if (pdata->nbPoint > 2500)
        double_defect("slPutPolygon: %lu points (SGL transforms 2500 at most)", (unsigned long)pdata->nbPoint);
    if (pdata->nbPolygon > 1761)
        double_defect("slPutPolygon: %lu polygons (SGL draws 1761 a frame at most)", (unsigned long)pdata->nbPolygon);
    if ((pdata->nbPoint && !pdata->pntbl) || (pdata->nbPolygon && (!pdata->pltbl || !pdata->attbl))) {
        double_defect("slPutPolygon: a NULL table");
        return;
    }
    for (i = 0; i < pdata->nbPolygon; i++)
        for (k = 0; k < 4; k++)
            if (pdata->pltbl[i].Vertices[k] >= pdata->nbPoint) {
                double_defect("slPutPolygon: polygon %u vertex %u = %u, past the %lu points", i, k,
                              (unsigned int)pdata->pltbl[i].Vertices[k], (unsigned long)pdata->nbPoint);
                return;
            }
}

static Bool record(const PDATA *pdata)
{
    check_pdata(pdata);
    if (put_count >= MAX_PUTS) {
        if (!overflow_told)
            double_defect("double: more than %d slPutPolygon calls recorded", MAX_PUTS);
        overflow_told = true;
        return FALSE;
    }
    puts_[put_count].pdata = *pdata;
    slGetMatrix(puts_[put_count].matrix);
    put_count++;
    return TRUE;
}

Bool slPutPolygon(PDATA *pdata)
{
    if (!pdata) {
        double_defect("slPutPolygon(JO_NULL)");
        return FALSE;
    }
    return record(pdata);
}

Bool slPutPolygonX(XPDATA *xpdata, FIXED *light)
{
    PDATA p;
    (void)light;
    if (!xpdata) {
        double_defect("slPutPolygonX(JO_NULL)");
        return FALSE;
    }
    p.pntbl = xpdata->pntbl;
    p.nbPoint = xpdata->nbPoint;
    p.pltbl = xpdata->pltbl;
    p.nbPolygon = xpdata->nbPolygon;
    p.attbl = xpdata->attbl;
    return record(&p);
}

unsigned int double_put_count(void)
{
    return put_count;
}

const double_put *double_put_at(unsigned int i)
{
    return i < put_count ? &puts_[i] : JO_NULL;
}

void double_clear_puts(void)
{
    put_count = 0;
    overflow_told = false;
}
