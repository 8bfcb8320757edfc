/* libxml2's headers include the system ICU when libxml2 was built with it, which clashes with
 * Foundation's bundled ICU ("UErrorCode has different definitions"). We never touch the ICU-typed
 * fields, so hide them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
