import type { CategorySpec } from "./types";

const ADULT_SIZES = ["S", "M", "L", "XL"] as const;
const SHOE_SIZES = ["38", "39", "40", "41", "42", "43"] as const;

/** Clothing and footwear: sizes and colours are the varieties and swatches of spec §2.10. */
export const ropaYCalzado: CategorySpec = {
  slug: "ropa-y-calzado",
  name: ["Ropa y calzado", "Clothing and shoes"],
  icon: "shirt",
  accent: "#be185d",
  subcategories: [
    {
      slug: "ropa-de-hombre",
      name: ["Ropa de hombre", "Men's clothing"],
      icon: "shirt",
      items: [
        {
          name: ["Pulóver de algodón", "Cotton T-shirt"],
          variants: [
            ["Fruit of the Loom", "Classic", 7.0],
            ["Hanes", "ComfortSoft", 8.0],
          ],
          desc: [
            "Pulóver {brand} de algodón 100 %, cuello redondo y tela fresca para el calor.",
            "{brand} 100% cotton crew-neck T-shirt in a breathable fabric for the heat.",
          ],
          features: [
            ["100 % algodón", "100% cotton"],
            ["Cuello redondo", "Crew neck"],
            ["No se encoge al lavar", "Pre-shrunk"],
          ],
          icon: "shirt",
          weight: "180 g",
          dims: "30 x 25 x 2 cm",
          colors: ["blanco", "negro", "azulMarino", "gris", "rojo"],
          varieties: ADULT_SIZES,
        },
        {
          name: ["Guayabera clásica", "Classic Guayabera Shirt"],
          variants: [["Siboney", "Clásica", 39.0]],
          desc: [
            "Guayabera {brand} de lino y algodón con cuatro bolsillos y alforzas, la camisa elegante del Caribe.",
            "{brand} linen-cotton guayabera with four pockets and pleats, the Caribbean's smart shirt.",
          ],
          features: [
            ["Lino y algodón", "Linen and cotton"],
            ["Cuatro bolsillos", "Four pockets"],
            ["Manga larga", "Long sleeves"],
          ],
          icon: "shirt",
          weight: "300 g",
          dims: "35 x 28 x 3 cm",
          colors: ["blanco", "celeste", "beige"],
          varieties: ADULT_SIZES,
        },
        {
          name: ["Pantalón de mezclilla", "Denim Jeans"],
          variants: [["Levi's", "505", 64.0]],
          desc: [
            "Pantalón de mezclilla {brand} de corte recto, resistente y cómodo para todos los días. Talla por cintura en pulgadas.",
            "{brand} straight-fit denim jeans, tough and comfortable for every day. Waist size in inches.",
          ],
          features: [
            ["Corte recto", "Straight fit"],
            ["Mezclilla resistente", "Durable denim"],
            ["Cinco bolsillos", "Five pockets"],
          ],
          icon: "shirt",
          weight: "700 g",
          dims: "35 x 30 x 5 cm",
          varieties: ["30", "32", "34", "36", "38"],
        },
        {
          name: ["Short deportivo", "Sports Shorts"],
          variants: [["Adidas", "Essentials", 22.0]],
          desc: [
            "Short deportivo {brand} de tela ligera que seca rápido, con bolsillos laterales.",
            "{brand} sports shorts in a light, quick-drying fabric with side pockets.",
          ],
          features: [
            ["Secado rápido", "Quick dry"],
            ["Cintura elástica con cordón", "Elastic drawstring waist"],
            ["Bolsillos laterales", "Side pockets"],
          ],
          icon: "shirt",
          weight: "200 g",
          dims: "30 x 25 x 2 cm",
          colors: ["negro", "azulMarino"],
          varieties: ADULT_SIZES,
        },
        {
          name: ["Camisa polo", "Polo Shirt"],
          variants: [["U.S. Polo Assn.", "Piqué", 24.0]],
          desc: [
            "Camisa polo {brand} de piqué de algodón, para el trabajo o el fin de semana.",
            "{brand} cotton piqué polo shirt, for work or the weekend.",
          ],
          features: [
            ["Piqué de algodón", "Cotton piqué"],
            ["Cuello con botones", "Buttoned collar"],
            ["Logo bordado", "Embroidered logo"],
          ],
          icon: "shirt",
          weight: "250 g",
          dims: "30 x 25 x 3 cm",
          colors: ["blanco", "azulMarino", "rojo", "verde"],
          varieties: ADULT_SIZES,
        },
      ],
    },
    {
      slug: "ropa-de-mujer",
      name: ["Ropa de mujer", "Women's clothing"],
      icon: "shopping-bag",
      items: [
        {
          name: ["Blusa de mujer", "Women's Blouse"],
          variants: [["Zara", "Basic", 19.0]],
          desc: [
            "Blusa {brand} de viscosa fresca y caída suave, para la oficina o para salir.",
            "{brand} blouse in cool, flowing viscose, for the office or going out.",
          ],
          features: [
            ["Viscosa fresca", "Cool viscose"],
            ["Manga corta", "Short sleeves"],
            ["Lavable a máquina", "Machine washable"],
          ],
          icon: "shirt",
          weight: "150 g",
          dims: "30 x 25 x 2 cm",
          colors: ["blanco", "rosado", "celeste"],
          varieties: ADULT_SIZES,
        },
        {
          name: ["Vestido de verano", "Summer Dress"],
          variants: [["Mango", "Midi", 29.0]],
          desc: [
            "Vestido de verano {brand} estampado, largo midi y tela ligera para los días de calor.",
            "{brand} printed midi summer dress in a light fabric for hot days.",
          ],
          features: [
            ["Tela ligera", "Light fabric"],
            ["Largo midi", "Midi length"],
            ["Estampado floral", "Floral print"],
          ],
          icon: "shopping-bag",
          weight: "250 g",
          dims: "35 x 25 x 3 cm",
          colors: ["amarillo", "azul", "rojo"],
          varieties: ADULT_SIZES,
        },
        {
          name: ["Licra deportiva", "Sports Leggings"],
          variants: [["Nike", "One", 32.0]],
          desc: [
            "Licra deportiva {brand} de tiro alto que no se transparenta, para el gimnasio o caminar.",
            "High-rise {brand} leggings that stay opaque, for the gym or walking.",
          ],
          features: [
            ["Tiro alto", "High rise"],
            ["No transparenta", "Squat-proof"],
            ["Tela elástica que respira", "Breathable stretch fabric"],
          ],
          icon: "shirt",
          weight: "200 g",
          dims: "25 x 20 x 3 cm",
          colors: ["negro", "morado", "gris"],
          varieties: ADULT_SIZES,
        },
        {
          name: ["Pijama de algodón", "Cotton Pyjama Set"],
          variants: [["Casa Linda", "Verano", 18.0]],
          desc: [
            "Pijama {brand} de algodón con short y blusa de tirantes, fresca para dormir con calor.",
            "{brand} cotton pyjama set with shorts and a camisole, cool for sleeping in the heat.",
          ],
          features: [
            ["100 % algodón", "100% cotton"],
            ["Short y blusa", "Shorts and top"],
            ["Fresca y suave", "Cool and soft"],
          ],
          icon: "moon",
          weight: "200 g",
          dims: "30 x 25 x 3 cm",
          varieties: ADULT_SIZES,
        },
        {
          name: ["Bolso de mano", "Handbag"],
          variants: [["Guess", "Noelle", 65.0]],
          desc: [
            "Bolso de mano {brand} de piel sintética con asa corta y correa larga ajustable.",
            "{brand} faux-leather handbag with a short handle and an adjustable long strap.",
          ],
          features: [
            ["Piel sintética", "Faux leather"],
            ["Correa ajustable", "Adjustable strap"],
            ["Bolsillo interior con cierre", "Zip inner pocket"],
          ],
          icon: "handbag",
          weight: "600 g",
          dims: "30 x 12 x 22 cm",
          colors: ["negro", "beige", "rojo"],
        },
      ],
    },
    {
      slug: "calzado",
      name: ["Calzado", "Shoes"],
      icon: "footprints",
      items: [
        {
          name: ["Tenis deportivos", "Running Sneakers"],
          variants: [
            ["Adidas", "Runfalcon 3", 59.0],
            ["Nike", "Revolution 7", 69.0],
          ],
          desc: [
            "Tenis {brand} livianos y con buena amortiguación para correr o caminar todo el día.",
            "Lightweight {brand} sneakers with good cushioning for running or walking all day.",
          ],
          features: [
            ["Suela con amortiguación", "Cushioned sole"],
            ["Malla transpirable", "Breathable mesh"],
            ["Tallas europeas", "EU sizes"],
          ],
          icon: "footprints",
          weight: "600 g",
          dims: "33 x 21 x 12 cm",
          colors: ["negro", "blanco", "azul"],
          varieties: SHOE_SIZES,
        },
        {
          name: ["Zapatos de vestir", "Leather Dress Shoes"],
          variants: [["Clarks", "Tilden", 79.0]],
          desc: [
            "Zapatos de vestir {brand} de cuero con cordones, para el trabajo, bodas y graduaciones.",
            "{brand} leather lace-up dress shoes for work, weddings and graduations.",
          ],
          features: [
            ["Cuero genuino", "Genuine leather"],
            ["Plantilla acolchada", "Cushioned insole"],
            ["Tallas europeas", "EU sizes"],
          ],
          icon: "footprints",
          weight: "900 g",
          dims: "33 x 21 x 12 cm",
          colors: ["negro", "naranja"],
          varieties: SHOE_SIZES,
        },
        {
          name: ["Chancletas", "Flip-flops"],
          variants: [["Havaianas", "Brasil", 14.0]],
          desc: [
            "Chancletas {brand} de goma, cómodas y duraderas para la casa, la playa o el barrio.",
            "{brand} rubber flip-flops, comfortable and durable for home, the beach or around town.",
          ],
          features: [
            ["Goma resistente", "Durable rubber"],
            ["No se resbalan", "Non-slip"],
            ["Secado rápido", "Quick dry"],
          ],
          icon: "footprints",
          weight: "250 g",
          dims: "28 x 12 x 4 cm",
          colors: ["azul", "amarillo", "verde", "negro"],
          varieties: ["35", "37", "39", "41", "43"],
        },
        {
          name: ["Sandalias de mujer", "Women's Sandals"],
          variants: [["Skechers", "Reggae", 35.0]],
          desc: [
            "Sandalias {brand} con plantilla de espuma viscoelástica, cómodas para caminar por La Habana.",
            "{brand} sandals with a memory-foam footbed, comfortable for walking around Havana.",
          ],
          features: [
            ["Plantilla viscoelástica", "Memory-foam footbed"],
            ["Tiras ajustables", "Adjustable straps"],
            ["Suela antideslizante", "Non-slip sole"],
          ],
          icon: "footprints",
          weight: "400 g",
          dims: "28 x 18 x 8 cm",
          varieties: ["36", "37", "38", "39", "40"],
        },
        {
          name: ["Botas de trabajo", "Work Boots"],
          variants: [["Caterpillar", "Second Shift", 95.0]],
          desc: [
            "Botas de trabajo {brand} de cuero con puntera reforzada para la obra y el campo.",
            "{brand} leather work boots with a reinforced toe for building sites and the countryside.",
          ],
          features: [
            ["Cuero resistente", "Tough leather"],
            ["Puntera reforzada", "Reinforced toe"],
            ["Suela antideslizante", "Slip-resistant sole"],
          ],
          icon: "footprints",
          weight: "1.6 kg",
          dims: "35 x 25 x 14 cm",
          varieties: ["39", "40", "41", "42", "43", "44"],
        },
      ],
    },
    {
      slug: "ropa-infantil-y-escolar",
      name: ["Ropa infantil y escolar", "Kids' and school clothing"],
      icon: "baby",
      items: [
        {
          name: ["Conjunto de bebé", "Baby Outfit Set"],
          variants: [["Carter's", "3 piezas", 16.0]],
          desc: [
            "Conjunto de bebé {brand} de 3 piezas en algodón suave: body, pantalón y gorrito.",
            "{brand} 3-piece baby set in soft cotton: bodysuit, trousers and hat.",
          ],
          features: [
            ["3 piezas", "3 pieces"],
            ["Algodón suave", "Soft cotton"],
            ["Broches fáciles", "Easy snaps"],
          ],
          icon: "baby",
          weight: "200 g",
          dims: "25 x 20 x 3 cm",
          varieties: ["0-3 m", "3-6 m", "6-9 m", "9-12 m"],
        },
        {
          name: ["Uniforme escolar de primaria", "Primary School Uniform"],
          variants: [["Tienda Cuba", "Primaria", 18.0]],
          desc: [
            "Uniforme escolar {brand} de primaria: camisa blanca y short o saya roja vino. Elige la talla del niño.",
            "{brand} primary school uniform: white shirt with wine-red shorts or skirt. Choose the child's size.",
          ],
          features: [
            ["Camisa y short o saya", "Shirt with shorts or skirt"],
            ["Tela resistente al uso diario", "Fabric built for daily wear"],
            ["Colores oficiales", "Official colours"],
          ],
          icon: "school",
          weight: "400 g",
          dims: "30 x 25 x 4 cm",
          varieties: ["6", "8", "10", "12"],
        },
        {
          name: ["Mochila escolar", "School Backpack"],
          variants: [["Totto", "Crayoles", 29.0]],
          desc: [
            "Mochila escolar {brand} con espaldar acolchado y compartimento para la merienda.",
            "{brand} school backpack with a padded back and a lunch compartment.",
          ],
          features: [
            ["Espaldar acolchado", "Padded back"],
            ["Tela impermeable", "Water-resistant fabric"],
            ["Varios compartimentos", "Several compartments"],
          ],
          icon: "backpack",
          weight: "700 g",
          dims: "42 x 30 x 15 cm",
          colors: ["azul", "rosado", "negro", "verde"],
        },
        {
          name: ["Pulóver infantil", "Kids' T-shirt"],
          variants: [["Carter's", "", 9.0]],
          desc: [
            "Pulóver infantil {brand} de algodón con estampado divertido.",
            "{brand} cotton kids' T-shirt with a fun print.",
          ],
          features: [
            ["100 % algodón", "100% cotton"],
            ["Estampado que no se despega", "Print that lasts"],
            ["Cuello suave", "Soft collar"],
          ],
          icon: "shirt",
          weight: "120 g",
          dims: "25 x 20 x 2 cm",
          colors: ["amarillo", "celeste", "rosado"],
          varieties: ["2", "4", "6", "8", "10"],
        },
      ],
    },
  ],
};

/** Pharmacy basics: over-the-counter medicines and first aid, the scarcest items on the island. */
export const farmacia: CategorySpec = {
  slug: "farmacia",
  name: ["Farmacia", "Pharmacy"],
  icon: "pill",
  accent: "#047857",
  subcategories: [
    {
      slug: "medicamentos",
      name: ["Medicamentos sin receta", "Over-the-counter medicines"],
      icon: "pill",
      items: [
        {
          name: ["Paracetamol 500 mg", "Paracetamol 500 mg"],
          variants: [
            ["Genfar", "", 2.5, ["20 tabletas", "20 tablets"]],
            ["Tylenol", "", 6.5, ["24 tabletas", "24 tablets"]],
          ],
          desc: [
            "Paracetamol {brand} 500 mg para el dolor y la fiebre. Caja de {size}. Lea el prospecto y consulte a su médico.",
            "{brand} paracetamol 500 mg for pain and fever. Box of {size}. Read the leaflet and ask your doctor.",
          ],
          features: [
            ["Alivia dolor y fiebre", "Relieves pain and fever"],
            ["Caja de {size}", "Box of {size}"],
            ["Medicamento sin receta", "Over-the-counter medicine"],
          ],
          icon: "pill",
          weight: "30 g",
          dims: "10 x 5 x 2 cm",
          wholesale: true,
        },
        {
          name: ["Ibuprofeno 400 mg", "Ibuprofen 400 mg"],
          variants: [
            ["Genfar", "", 3.2, ["20 tabletas", "20 tablets"]],
            ["Advil", "", 7.9, ["24 tabletas", "24 tablets"]],
          ],
          desc: [
            "Ibuprofeno {brand} 400 mg, antiinflamatorio para dolores musculares, de cabeza y muelas. Caja de {size}.",
            "{brand} ibuprofen 400 mg, an anti-inflammatory for muscle, head and tooth pain. Box of {size}.",
          ],
          features: [
            ["Antiinflamatorio", "Anti-inflammatory"],
            ["Caja de {size}", "Box of {size}"],
            ["Tomar con alimentos", "Take with food"],
          ],
          icon: "pill",
          weight: "30 g",
          dims: "10 x 5 x 2 cm",
        },
        {
          name: ["Dipirona 500 mg", "Metamizole 500 mg"],
          variants: [["Genfar", "", 2.8, ["10 tabletas", "10 tablets"]]],
          desc: [
            "Dipirona (metamizol) {brand} 500 mg para la fiebre alta y el dolor fuerte. Caja de {size}.",
            "{brand} metamizole (dipyrone) 500 mg for high fever and strong pain. Box of {size}.",
          ],
          features: [
            ["Para fiebre alta", "For high fever"],
            ["Caja de {size}", "Box of {size}"],
            ["Lea el prospecto", "Read the leaflet"],
          ],
          icon: "pill",
          weight: "20 g",
          dims: "9 x 4 x 2 cm",
        },
        {
          name: ["Loratadina 10 mg", "Loratadine 10 mg"],
          variants: [["Genfar", "", 3.0, ["10 tabletas", "10 tablets"]]],
          desc: [
            "Loratadina {brand} 10 mg, antialérgico que no da sueño. Caja de {size}.",
            "{brand} loratadine 10 mg, a non-drowsy antihistamine. Box of {size}.",
          ],
          features: [
            ["No produce sueño", "Non-drowsy"],
            ["Una tableta al día", "One tablet a day"],
            ["Caja de {size}", "Box of {size}"],
          ],
          icon: "pill",
          weight: "20 g",
          dims: "9 x 4 x 2 cm",
        },
        {
          name: ["Omeprazol 20 mg", "Omeprazole 20 mg"],
          variants: [["Genfar", "", 4.5, ["14 cápsulas", "14 capsules"]]],
          desc: [
            "Omeprazol {brand} 20 mg para la acidez y la gastritis. Caja de {size}.",
            "{brand} omeprazole 20 mg for heartburn and gastritis. Box of {size}.",
          ],
          features: [
            ["Alivia la acidez", "Relieves heartburn"],
            ["Una cápsula en ayunas", "One capsule before breakfast"],
            ["Caja de {size}", "Box of {size}"],
          ],
          icon: "pill",
          weight: "25 g",
          dims: "10 x 5 x 2 cm",
        },
        {
          name: ["Suero de rehidratación oral", "Oral Rehydration Solution"],
          variants: [["Electrolit", "", 2.9, "625 ml"]],
          desc: [
            "Suero oral {brand} con electrolitos para reponer líquidos en caso de diarrea, vómitos o mucho calor. Botella de {size}.",
            "{brand} oral rehydration solution with electrolytes to replace fluids after diarrhoea, vomiting or heat. {size} bottle.",
          ],
          features: [
            ["Con electrolitos", "With electrolytes"],
            ["Listo para tomar", "Ready to drink"],
            ["Botella de {size}", "{size} bottle"],
          ],
          icon: "glass-water",
          dims: "7 x 7 x 22 cm",
        },
        {
          name: ["Jarabe para la tos", "Cough Syrup"],
          variants: [["Vick", "44", 8.5, "120 ml"]],
          desc: [
            "Jarabe {brand} para la tos seca y la irritación de garganta. Frasco de {size}.",
            "{brand} syrup for dry cough and sore throat. {size} bottle.",
          ],
          features: [
            ["Alivia la tos seca", "Relieves dry cough"],
            ["Con vaso dosificador", "Dosing cup included"],
            ["Frasco de {size}", "{size} bottle"],
          ],
          icon: "pill-bottle",
          dims: "6 x 6 x 14 cm",
        },
      ],
    },
    {
      slug: "vitaminas-y-suplementos",
      name: ["Vitaminas y suplementos", "Vitamins and supplements"],
      icon: "pill-bottle",
      items: [
        {
          name: ["Vitamina C 1000 mg", "Vitamin C 1000 mg"],
          variants: [
            ["Redoxon", "", 6.5, ["10 efervescentes", "10 effervescent tablets"]],
            ["Nature's Bounty", "", 9.5, ["100 tabletas", "100 tablets"]],
          ],
          desc: [
            "Vitamina C {brand} 1000 mg para reforzar las defensas. Envase de {size}.",
            "{brand} vitamin C 1000 mg to support the immune system. Pack of {size}.",
          ],
          features: [
            ["1000 mg por dosis", "1000 mg per dose"],
            ["Refuerza las defensas", "Supports immunity"],
            ["Envase de {size}", "Pack of {size}"],
          ],
          icon: "citrus",
          weight: "150 g",
          dims: "6 x 6 x 11 cm",
        },
        {
          name: ["Complejo B", "Vitamin B Complex"],
          variants: [["Nature Made", "", 8.9, ["100 tabletas", "100 tablets"]]],
          desc: [
            "Complejo B {brand} con B1, B6 y B12 para la energía y el sistema nervioso. Frasco de {size}.",
            "{brand} B complex with B1, B6 and B12 for energy and the nervous system. Bottle of {size}.",
          ],
          features: [
            ["B1, B6 y B12", "B1, B6 and B12"],
            ["Una tableta al día", "One tablet a day"],
            ["Frasco de {size}", "Bottle of {size}"],
          ],
          icon: "pill-bottle",
          weight: "120 g",
          dims: "6 x 6 x 11 cm",
        },
        {
          name: ["Multivitamínico", "Multivitamin"],
          variants: [["Centrum", "Adultos", 16.9, ["100 tabletas", "100 tablets"]]],
          desc: [
            "Multivitamínico {brand} con 24 vitaminas y minerales para adultos. Frasco de {size}.",
            "{brand} adult multivitamin with 24 vitamins and minerals. Bottle of {size}.",
          ],
          features: [
            ["24 vitaminas y minerales", "24 vitamins and minerals"],
            ["Para adultos", "For adults"],
            ["Frasco de {size}", "Bottle of {size}"],
          ],
          icon: "pill-bottle",
          weight: "180 g",
          dims: "6 x 6 x 12 cm",
        },
        {
          name: ["Ácido fólico 400 mcg", "Folic Acid 400 mcg"],
          variants: [["Nature Made", "", 5.5, ["250 tabletas", "250 tablets"]]],
          desc: [
            "Ácido fólico {brand} 400 mcg, recomendado antes y durante el embarazo. Frasco de {size}.",
            "{brand} folic acid 400 mcg, recommended before and during pregnancy. Bottle of {size}.",
          ],
          features: [
            ["400 mcg por tableta", "400 mcg per tablet"],
            ["Recomendado en el embarazo", "Recommended in pregnancy"],
            ["Frasco de {size}", "Bottle of {size}"],
          ],
          icon: "pill-bottle",
          weight: "100 g",
          dims: "5 x 5 x 10 cm",
        },
        {
          name: ["Calcio con vitamina D3", "Calcium with Vitamin D3"],
          variants: [["Caltrate", "600+D3", 12.5, ["60 tabletas", "60 tablets"]]],
          desc: [
            "Calcio {brand} con vitamina D3 para huesos fuertes. Frasco de {size}.",
            "{brand} calcium with vitamin D3 for strong bones. Bottle of {size}.",
          ],
          features: [
            ["600 mg de calcio", "600 mg calcium"],
            ["Con vitamina D3", "With vitamin D3"],
            ["Frasco de {size}", "Bottle of {size}"],
          ],
          icon: "bone",
          weight: "150 g",
          dims: "6 x 6 x 11 cm",
        },
        {
          name: ["Omega 3", "Omega-3 Fish Oil"],
          variants: [["Nature Made", "1200 mg", 14.9, ["100 cápsulas", "100 softgels"]]],
          desc: [
            "Omega 3 {brand} de aceite de pescado para el corazón. Frasco de {size}.",
            "{brand} omega-3 fish oil for heart health. Bottle of {size}.",
          ],
          features: [
            ["1200 mg por cápsula", "1200 mg per softgel"],
            ["Cuida el corazón", "Supports heart health"],
            ["Frasco de {size}", "Bottle of {size}"],
          ],
          icon: "fish",
          weight: "200 g",
          dims: "6 x 6 x 12 cm",
        },
      ],
    },
    {
      slug: "primeros-auxilios",
      name: ["Primeros auxilios y equipos", "First aid and devices"],
      icon: "cross",
      items: [
        {
          name: ["Curitas", "Adhesive Bandages"],
          variants: [["Band-Aid", "", 3.9, ["40 unidades", "40 count"]]],
          desc: [
            "Curitas {brand} de tela flexible en varios tamaños para pequeñas heridas. Caja de {size}.",
            "{brand} flexible fabric bandages in assorted sizes for small cuts. Box of {size}.",
          ],
          features: [
            ["Tela flexible", "Flexible fabric"],
            ["Tamaños surtidos", "Assorted sizes"],
            ["Caja de {size}", "Box of {size}"],
          ],
          icon: "bandage",
          weight: "50 g",
          dims: "10 x 8 x 3 cm",
        },
        {
          name: ["Alcohol isopropílico 70 %", "70% Isopropyl Alcohol"],
          variants: [["Swan", "", 2.9, "473 ml"]],
          desc: [
            "Alcohol {brand} al 70 % para desinfectar heridas, manos y superficies. Frasco de {size}.",
            "{brand} 70% alcohol to disinfect cuts, hands and surfaces. {size} bottle.",
          ],
          features: [
            ["70 % de concentración", "70% strength"],
            ["Antiséptico", "Antiseptic"],
            ["Frasco de {size}", "{size} bottle"],
          ],
          icon: "flask-conical",
          dims: "7 x 7 x 20 cm",
        },
        {
          name: ["Termómetro digital", "Digital Thermometer"],
          variants: [["Omron", "MC-246", 9.9]],
          desc: [
            "Termómetro digital {brand} con lectura en 60 segundos y alarma de fiebre.",
            "{brand} digital thermometer with a 60-second reading and fever alarm.",
          ],
          features: [
            ["Lectura en 60 segundos", "60-second reading"],
            ["Alarma de fiebre", "Fever alarm"],
            ["Punta flexible", "Flexible tip"],
          ],
          icon: "thermometer",
          weight: "20 g",
          dims: "14 x 2 x 1 cm",
          warranty: true,
        },
        {
          name: ["Tensiómetro digital de brazo", "Upper-arm Blood Pressure Monitor"],
          variants: [["Omron", "M3", 45.0]],
          desc: [
            "Tensiómetro digital {brand} de brazo, fácil de usar en casa, con memoria para 60 mediciones.",
            "{brand} upper-arm blood pressure monitor, easy to use at home, with memory for 60 readings.",
          ],
          features: [
            ["Memoria de 60 mediciones", "60-reading memory"],
            ["Detecta pulso irregular", "Irregular heartbeat detection"],
            ["Funciona con pilas o adaptador", "Runs on batteries or adapter"],
          ],
          icon: "heart-pulse",
          weight: "500 g",
          dims: "15 x 12 x 10 cm",
          warranty: true,
        },
        {
          name: ["Glucómetro", "Blood Glucose Meter"],
          variants: [["Accu-Chek", "Instant", 35.0]],
          desc: [
            "Glucómetro {brand} con 10 tiras y lancetas incluidas, resultado en 4 segundos.",
            "{brand} glucose meter with 10 strips and lancets included, results in 4 seconds.",
          ],
          features: [
            ["Resultado en 4 segundos", "Results in 4 seconds"],
            ["10 tiras incluidas", "10 strips included"],
            ["Memoria de 720 resultados", "720-result memory"],
          ],
          icon: "activity",
          weight: "150 g",
          dims: "12 x 8 x 4 cm",
          warranty: true,
        },
        {
          name: ["Botiquín de primeros auxilios", "First Aid Kit"],
          variants: [["Tienda Cuba", "BT-1", 24.0]],
          desc: [
            "Botiquín {brand} con gasas, vendas, esparadrapo, tijeras, guantes y antiséptico para la casa o el carro.",
            "{brand} first aid kit with gauze, bandages, tape, scissors, gloves and antiseptic for home or car.",
          ],
          features: [
            ["Más de 50 piezas", "Over 50 pieces"],
            ["Estuche con cierre", "Zip case"],
            ["Para la casa o el carro", "For home or car"],
          ],
          icon: "briefcase-medical",
          weight: "700 g",
          dims: "22 x 16 x 8 cm",
        },
        {
          name: ["Mascarillas desechables", "Disposable Face Masks"],
          variants: [["3M", "", 6.0, ["50 unidades", "50 count"]]],
          desc: [
            "Mascarillas desechables {brand} de tres capas con ajuste nasal. Caja de {size}.",
            "{brand} three-layer disposable face masks with a nose clip. Box of {size}.",
          ],
          features: [
            ["Tres capas", "Three layers"],
            ["Ajuste nasal", "Nose clip"],
            ["Caja de {size}", "Box of {size}"],
          ],
          icon: "shield",
          weight: "200 g",
          dims: "18 x 10 x 9 cm",
          wholesale: true,
        },
      ],
    },
  ],
};
