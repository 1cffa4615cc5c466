/* retromesh/retromesh.h - the whole public API in one include. */
#ifndef RETROMESH_H
#define RETROMESH_H
#include "diag.h"
#include "fixed.h"
#include "mesh.h"
#include "obj.h"
#include "jom.h"
#include "convert.h"
#include "fileio.h"
#include "output.h"
#include "formats.h"
#include "image.h"
#include "skeleton.h"
#include "model.h"
#include "render.h"
#include "level.h"
#include "oni.h"
#include "niff.h"
#include "cd.h"
#include "budget.h"
#include "build.h"
#define RETROMESH_VERSION_STRING "0.1.0"
#endif
