import type { CategorySpec } from "./types";

/** Personal care: the hygiene products that are hardest to find in Cuban shops. */
export const aseoPersonal: CategorySpec = {
  slug: "aseo-personal",
  name: ["Aseo personal", "Personal care"],
  icon: "bath",
  accent: "#0e7490",
  subcategories: [
    {
      slug: "cuidado-corporal",
      name: ["Jabones y cuidado corporal", "Soap and body care"],
      icon: "droplets",
      items: [
        {
          name: ["Jabón de baño", "Bath Soap"],
          variants: [
            ["Nácar", "", 1.1, "120 g"],
            ["Palmolive", "", 1.2, "110 g"],
            ["Dove", "", 2.2, "2 x 90 g"],
          ],
          desc: [
            "Jabón de baño {brand} de espuma cremosa y olor suave que dura todo el día. {size}.",
            "{brand} bath soap with a creamy lather and a soft scent that lasts all day. {size}.",
          ],
          features: [
            ["Espuma cremosa", "Creamy lather"],
            ["Para toda la familia", "For the whole family"],
            ["No reseca la piel", "Does not dry the skin"],
          ],
          icon: "droplets",
          dims: "9 x 6 x 3 cm",
          wholesale: true,
        },
        {
          name: ["Gel de baño", "Shower Gel"],
          variants: [["Nivea", "Creme Soft", 5.5, "500 ml"]],
          desc: [
            "Gel de baño {brand} con aceite de almendras, deja la piel suave. Frasco de {size}.",
            "{brand} shower gel with almond oil that leaves skin soft. {size} bottle.",
          ],
          features: [
            ["Con aceite de almendras", "With almond oil"],
            ["pH neutro", "pH neutral"],
            ["Frasco de {size}", "{size} bottle"],
          ],
          icon: "bath",
          dims: "8 x 5 x 22 cm",
        },
        {
          name: ["Desodorante roll-on", "Roll-on Deodorant"],
          variants: [
            ["Rexona", "Clinical", 3.4, "50 ml"],
            ["Nivea", "Black & White", 3.6, "50 ml"],
          ],
          desc: [
            "Desodorante roll-on {brand} con protección de 48 horas, pensado para el calor cubano. {size}.",
            "{brand} roll-on deodorant with 48-hour protection, made for the Cuban heat. {size}.",
          ],
          features: [
            ["Protección 48 horas", "48-hour protection"],
            ["No mancha la ropa", "Does not stain clothes"],
            ["Sin alcohol", "Alcohol-free"],
          ],
          icon: "spray-can",
          dims: "5 x 5 x 11 cm",
        },
        {
          name: ["Crema corporal hidratante", "Moisturising Body Lotion"],
          variants: [["Nivea", "", 6.9, "400 ml"]],
          desc: [
            "Crema corporal {brand} de absorción rápida para piel seca por el sol. Frasco de {size}.",
            "Fast-absorbing {brand} body lotion for sun-dried skin. {size} bottle.",
          ],
          features: [
            ["Absorción rápida", "Fast absorbing"],
            ["Hidratación 48 horas", "48-hour moisture"],
            ["Frasco de {size}", "{size} bottle"],
          ],
          icon: "droplet",
          dims: "7 x 5 x 20 cm",
        },
        {
          name: ["Protector solar", "Sunscreen"],
          variants: [["Banana Boat", "FPS 50", 12.5, "180 ml"]],
          desc: [
            "Protector solar {brand} FPS 50 resistente al agua, para la playa y el día a día. {size}.",
            "{brand} SPF 50 water-resistant sunscreen for the beach and every day. {size}.",
          ],
          features: [
            ["FPS 50", "SPF 50"],
            ["Resistente al agua 80 minutos", "Water-resistant for 80 minutes"],
            ["No grasoso", "Non-greasy"],
          ],
          icon: "sun",
          dims: "6 x 4 x 17 cm",
        },
        {
          name: ["Agua de colonia", "Eau de Cologne"],
          variants: [["Suchel", "Alicia Alonso", 6.5, "250 ml"]],
          desc: [
            "Agua de colonia {brand}, fragancia fresca y floral hecha en Cuba. Frasco de {size}.",
            "{brand} eau de cologne, a fresh floral fragrance made in Cuba. {size} bottle.",
          ],
          features: [
            ["Fragancia floral", "Floral fragrance"],
            ["Hecha en Cuba", "Made in Cuba"],
            ["Frasco de {size}", "{size} bottle"],
          ],
          icon: "flower",
          dims: "7 x 4 x 18 cm",
        },
      ],
    },
    {
      slug: "cuidado-del-cabello",
      name: ["Cuidado del cabello", "Hair care"],
      icon: "sparkles",
      items: [
        {
          name: ["Champú", "Shampoo"],
          variants: [
            ["Sedal", "", 4.2, "650 ml"],
            ["Head & Shoulders", "", 6.8, "400 ml"],
            ["Suchel", "", 2.5, "400 ml"],
          ],
          desc: [
            "Champú {brand} para uso diario, limpia sin resecar y deja el pelo manejable. Frasco de {size}.",
            "{brand} shampoo for daily use; cleans without drying and leaves hair manageable. {size} bottle.",
          ],
          features: [
            ["Uso diario", "Daily use"],
            ["Para todo tipo de cabello", "For all hair types"],
            ["Frasco de {size}", "{size} bottle"],
          ],
          icon: "sparkles",
          dims: "8 x 5 x 22 cm",
          wholesale: true,
        },
        {
          name: ["Acondicionador", "Conditioner"],
          variants: [["Sedal", "", 4.2, "650 ml"]],
          desc: [
            "Acondicionador {brand} que desenreda y controla el frizz de la humedad. Frasco de {size}.",
            "{brand} conditioner that detangles and tames humidity frizz. {size} bottle.",
          ],
          features: [
            ["Desenreda al instante", "Detangles instantly"],
            ["Controla el frizz", "Controls frizz"],
            ["Frasco de {size}", "{size} bottle"],
          ],
          icon: "sparkles",
          dims: "8 x 5 x 22 cm",
        },
        {
          name: ["Tinte para el cabello", "Hair Colour"],
          variants: [["Garnier", "Nutrisse", 7.5]],
          desc: [
            "Tinte permanente {brand} con aceites nutritivos y cobertura total de canas. Elige el tono.",
            "{brand} permanent hair colour with nourishing oils and full grey coverage. Choose your shade.",
          ],
          features: [
            ["Cobertura total de canas", "Full grey coverage"],
            ["Con aceites nutritivos", "With nourishing oils"],
            ["Incluye guantes y acondicionador", "Gloves and conditioner included"],
          ],
          icon: "paintbrush",
          weight: "200 g",
          dims: "17 x 11 x 5 cm",
          varieties: ["1.0", "3.0", "5.0", "6.0", "7.0"],
        },
        {
          name: ["Crema para peinar", "Leave-in Styling Cream"],
          variants: [["Sedal", "Rizos Definidos", 3.6, "300 ml"]],
          desc: [
            "Crema para peinar {brand} que define los rizos sin dejarlos tiesos. Frasco de {size}.",
            "{brand} leave-in styling cream that defines curls without stiffness. {size} bottle.",
          ],
          features: [
            ["Define los rizos", "Defines curls"],
            ["Sin enjuague", "Leave-in"],
            ["Frasco de {size}", "{size} bottle"],
          ],
          icon: "sparkles",
          dims: "7 x 4 x 18 cm",
        },
      ],
    },
    {
      slug: "higiene-bucal",
      name: ["Higiene bucal", "Oral care"],
      icon: "smile",
      items: [
        {
          name: ["Pasta dental", "Toothpaste"],
          variants: [
            ["Colgate", "Triple Acción", 2.1, "100 ml"],
            ["Sensodyne", "Repair & Protect", 5.9, "100 g"],
          ],
          desc: [
            "Pasta dental {brand} con flúor para proteger contra las caries y refrescar el aliento. {size}.",
            "{brand} fluoride toothpaste that protects against cavities and freshens breath. {size}.",
          ],
          features: [
            ["Con flúor", "With fluoride"],
            ["Aliento fresco", "Fresh breath"],
            ["Tubo de {size}", "{size} tube"],
          ],
          icon: "smile",
          dims: "19 x 5 x 4 cm",
          wholesale: true,
        },
        {
          name: ["Cepillos de dientes", "Toothbrushes"],
          variants: [["Colgate", "Extra Clean", 1.5, ["3 unidades", "3 pack"]]],
          desc: [
            "Paquete de 3 cepillos de dientes {brand} de cerdas medias, con limpiador de lengua.",
            "Pack of 3 medium-bristle {brand} toothbrushes with a tongue cleaner.",
          ],
          features: [
            ["Paquete de 3", "Pack of 3"],
            ["Cerdas medias", "Medium bristles"],
            ["Limpiador de lengua", "Tongue cleaner"],
          ],
          icon: "brush",
          weight: "60 g",
          dims: "22 x 10 x 2 cm",
          colors: ["azul", "verde", "rosado"],
        },
        {
          name: ["Enjuague bucal", "Mouthwash"],
          variants: [["Listerine", "Cool Mint", 6.5, "500 ml"]],
          desc: [
            "Enjuague bucal {brand} que elimina el 99 % de los gérmenes del mal aliento. Botella de {size}.",
            "{brand} mouthwash that kills 99% of bad-breath germs. {size} bottle.",
          ],
          features: [
            ["Elimina el 99 % de los gérmenes", "Kills 99% of germs"],
            ["Sabor menta", "Mint flavour"],
            ["Botella de {size}", "{size} bottle"],
          ],
          icon: "glass-water",
          dims: "8 x 6 x 20 cm",
        },
        {
          name: ["Hilo dental", "Dental Floss"],
          variants: [["Oral-B", "Essential", 2.9, "50 m"]],
          desc: [
            "Hilo dental {brand} encerado que se desliza fácil entre los dientes. Rollo de {size}.",
            "Waxed {brand} dental floss that slides easily between teeth. {size} roll.",
          ],
          features: [
            ["Encerado", "Waxed"],
            ["Sabor menta", "Mint flavour"],
            ["Rollo de {size}", "{size} roll"],
          ],
          icon: "smile",
          weight: "30 g",
          dims: "5 x 5 x 2 cm",
        },
      ],
    },
    {
      slug: "papel-y-panales",
      name: ["Papel, pañales e higiene femenina", "Paper, diapers and feminine care"],
      icon: "baby",
      items: [
        {
          name: ["Papel sanitario", "Toilet Paper"],
          variants: [
            ["Scott", "", 4.8, ["12 rollos", "12 rolls"]],
            ["Elite", "", 8.9, ["24 rollos", "24 rolls"]],
          ],
          desc: [
            "Papel sanitario {brand} doble hoja, suave y resistente. Paquete de {size}.",
            "{brand} soft and strong 2-ply toilet paper. Pack of {size}.",
          ],
          features: [
            ["Doble hoja", "2-ply"],
            ["Suave y resistente", "Soft and strong"],
            ["Rollos de 30 m", "30 m rolls"],
          ],
          icon: "scroll",
          weight: "1.5 kg",
          dims: "40 x 30 x 20 cm",
          wholesale: true,
        },
        {
          name: ["Pañales desechables", "Disposable Diapers"],
          variants: [["Huggies", "Supreme", 14.5, ["40 unidades", "40 count"]]],
          desc: [
            "Pañales desechables {brand} con hasta 12 horas de protección y cintura elástica. Paquete de 40.",
            "{brand} disposable diapers with up to 12 hours of protection and a stretchy waist. Pack of 40.",
          ],
          features: [
            ["Hasta 12 horas secos", "Up to 12 hours dry"],
            ["Indicador de humedad", "Wetness indicator"],
            ["Cintura elástica", "Stretchy waist"],
          ],
          icon: "baby",
          weight: "1.8 kg",
          dims: "40 x 25 x 20 cm",
          varieties: ["1", "2", "3", "4", "5"],
          wholesale: true,
        },
        {
          name: ["Toallas sanitarias", "Sanitary Pads"],
          variants: [["Always", "Ultra", 3.2, ["16 unidades", "16 count"]]],
          desc: [
            "Toallas sanitarias {brand} ultrafinas con alas, cómodas todo el día. Paquete de 16.",
            "Ultra-thin {brand} sanitary pads with wings, comfortable all day. Pack of 16.",
          ],
          features: [
            ["Con alas", "With wings"],
            ["Ultrafinas", "Ultra-thin"],
            ["Paquete de 16", "Pack of 16"],
          ],
          icon: "heart",
          weight: "150 g",
          dims: "15 x 10 x 8 cm",
        },
        {
          name: ["Toallitas húmedas", "Baby Wipes"],
          variants: [["Huggies", "", 3.5, ["80 unidades", "80 count"]]],
          desc: [
            "Toallitas húmedas {brand} sin alcohol para el bebé y para toda la casa. Paquete de 80.",
            "Alcohol-free {brand} baby wipes for the baby and the whole home. Pack of 80.",
          ],
          features: [
            ["Sin alcohol", "Alcohol-free"],
            ["Hipoalergénicas", "Hypoallergenic"],
            ["Tapa que conserva la humedad", "Lid keeps them moist"],
          ],
          icon: "baby",
          weight: "500 g",
          dims: "20 x 12 x 7 cm",
        },
        {
          name: ["Servilletas de papel", "Paper Napkins"],
          variants: [["Scott", "", 2.2, ["200 unidades", "200 count"]]],
          desc: [
            "Servilletas de papel {brand} para la mesa y la cocina. Paquete de 200.",
            "{brand} paper napkins for the table and the kitchen. Pack of 200.",
          ],
          features: [
            ["Paquete de 200", "Pack of 200"],
            ["Absorbentes", "Absorbent"],
            ["Hoja sencilla", "Single ply"],
          ],
          icon: "scroll",
          weight: "400 g",
          dims: "18 x 18 x 8 cm",
        },
      ],
    },
  ],
};

/** Home: cleaning, kitchenware and textiles. */
export const hogar: CategorySpec = {
  slug: "hogar",
  name: ["Hogar", "Home"],
  icon: "house",
  accent: "#15803d",
  subcategories: [
    {
      slug: "limpieza",
      name: ["Limpieza", "Cleaning"],
      icon: "spray-can",
      items: [
        {
          name: ["Detergente en polvo", "Laundry Powder"],
          variants: [
            ["Ariel", "", 9.5, "2 kg"],
            ["Ace", "", 6.2, "1.5 kg"],
            ["Fab", "", 4.5, "1 kg"],
          ],
          desc: [
            "Detergente en polvo {brand} que quita las manchas difíciles incluso a mano o en lavadora semiautomática. Bolsa de {size}.",
            "{brand} laundry powder that removes tough stains, whether washing by hand or in a twin-tub machine. {size} bag.",
          ],
          features: [
            ["Para lavado a mano y a máquina", "For hand and machine washing"],
            ["Quita manchas difíciles", "Removes tough stains"],
            ["Bolsa de {size}", "{size} bag"],
          ],
          icon: "washing-machine",
          dims: "30 x 20 x 8 cm",
          wholesale: true,
        },
        {
          name: ["Detergente líquido", "Liquid Laundry Detergent"],
          variants: [["Ariel", "", 12.9, "3 L"]],
          desc: [
            "Detergente líquido {brand} concentrado, rinde hasta 60 lavados. Botella de {size}.",
            "Concentrated {brand} liquid detergent, up to 60 loads. {size} bottle.",
          ],
          features: [
            ["Hasta 60 lavados", "Up to 60 loads"],
            ["Concentrado", "Concentrated"],
            ["Cuida los colores", "Protects colours"],
          ],
          icon: "washing-machine",
          dims: "25 x 12 x 30 cm",
        },
        {
          name: ["Lavaplatos líquido", "Dish Soap"],
          variants: [
            ["Fairy", "", 2.8, "750 ml"],
            ["Axion", "", 2.2, "750 ml"],
          ],
          desc: [
            "Lavaplatos {brand} que corta la grasa al instante, con una gota basta. Botella de {size}.",
            "{brand} dish soap that cuts through grease instantly; one drop is enough. {size} bottle.",
          ],
          features: [
            ["Corta la grasa", "Cuts grease"],
            ["Rinde mucho", "Long-lasting"],
            ["Suave con las manos", "Gentle on hands"],
          ],
          icon: "droplets",
          dims: "8 x 5 x 25 cm",
        },
        {
          name: ["Cloro", "Bleach"],
          variants: [["Clorox", "", 2.5, "3.8 L"]],
          desc: [
            "Cloro {brand} para desinfectar pisos, baños y potabilizar agua según las instrucciones. Galón de {size}.",
            "{brand} bleach to disinfect floors and bathrooms and to treat drinking water as directed. {size} jug.",
          ],
          features: [
            ["Elimina el 99.9 % de los gérmenes", "Kills 99.9% of germs"],
            ["Blanquea la ropa", "Whitens laundry"],
            ["Galón de {size}", "{size} jug"],
          ],
          icon: "flask-conical",
          dims: "16 x 10 x 30 cm",
          wholesale: true,
        },
        {
          name: ["Limpiador multiuso", "Multi-surface Cleaner"],
          variants: [["Fabuloso", "Lavanda", 3.6, "1 L"]],
          desc: [
            "Limpiador multiuso {brand} con olor a lavanda para pisos, azulejos y cocina. Botella de {size}.",
            "{brand} lavender multi-surface cleaner for floors, tiles and kitchens. {size} bottle.",
          ],
          features: [
            ["Olor duradero", "Long-lasting scent"],
            ["Para pisos y superficies", "For floors and surfaces"],
            ["Botella de {size}", "{size} bottle"],
          ],
          icon: "spray-can",
          dims: "10 x 7 x 26 cm",
        },
        {
          name: ["Suavizante de ropa", "Fabric Softener"],
          variants: [["Downy", "", 5.8, "1.5 L"]],
          desc: [
            "Suavizante {brand} que deja la ropa suave y perfumada por semanas. Botella de {size}.",
            "{brand} fabric softener that keeps clothes soft and fresh for weeks. {size} bottle.",
          ],
          features: [
            ["Perfume duradero", "Long-lasting fragrance"],
            ["Reduce las arrugas", "Reduces wrinkles"],
            ["Botella de {size}", "{size} bottle"],
          ],
          icon: "shirt",
          dims: "12 x 8 x 26 cm",
        },
        {
          name: ["Insecticida en aerosol", "Insect Spray"],
          variants: [["Raid", "Mata Mosquitos", 5.2, "400 ml"]],
          desc: [
            "Insecticida {brand} contra mosquitos, moscas y cucarachas, útil contra el mosquito del dengue. Aerosol de {size}.",
            "{brand} insect spray against mosquitoes, flies and cockroaches, useful against dengue mosquitoes. {size} can.",
          ],
          features: [
            ["Acción inmediata", "Instant action"],
            ["Protección hasta 8 semanas en superficies", "Up to 8 weeks on surfaces"],
            ["Aerosol de {size}", "{size} can"],
          ],
          icon: "bug",
          dims: "7 x 7 x 22 cm",
        },
      ],
    },
    {
      slug: "cocina-y-menaje",
      name: ["Cocina y menaje", "Kitchen and tableware"],
      icon: "cooking-pot",
      items: [
        {
          name: ["Olla de presión", "Pressure Cooker"],
          variants: [
            ["Imusa", "", 39.0, "6 L"],
            ["Tramontina", "Vancouver", 54.0, "7 L"],
          ],
          desc: [
            "Olla de presión {brand} de aluminio con doble válvula de seguridad: frijoles blandos en 30 minutos. Capacidad {size}.",
            "{brand} aluminium pressure cooker with a double safety valve: tender beans in 30 minutes. {size} capacity.",
          ],
          features: [
            ["Doble válvula de seguridad", "Double safety valve"],
            ["Ahorra gas y electricidad", "Saves gas and power"],
            ["Capacidad {size}", "{size} capacity"],
            ["Apta para cocina de inducción", "Induction compatible"],
          ],
          icon: "cooking-pot",
          weight: "2.8 kg",
          dims: "40 x 24 x 22 cm",
          warranty: true,
        },
        {
          name: ["Juego de sartenes antiadherentes", "Non-stick Frying Pan Set"],
          variants: [["Tramontina", "Paris", 34.0, ["3 piezas", "3 pieces"]]],
          desc: [
            "Juego de 3 sartenes {brand} (20, 24 y 28 cm) con antiadherente que no suelta.",
            "Set of 3 {brand} frying pans (20, 24 and 28 cm) with a long-lasting non-stick coating.",
          ],
          features: [
            ["3 tamaños: 20, 24 y 28 cm", "3 sizes: 20, 24 and 28 cm"],
            ["Antiadherente sin PFOA", "PFOA-free non-stick"],
            ["Mango que no se calienta", "Stay-cool handles"],
          ],
          icon: "cooking-pot",
          weight: "2.5 kg",
          dims: "50 x 30 x 12 cm",
          colors: ["negro", "rojo"],
        },
        {
          name: ["Cafetera italiana de 6 tazas", "6-cup Stovetop Espresso Maker"],
          variants: [
            ["Bialetti", "Moka Express", 29.0],
            ["Imusa", "", 14.0],
          ],
          desc: [
            "Cafetera italiana {brand} de aluminio para 6 tazas: el café cubano de siempre, fuerte y con espumita.",
            "{brand} aluminium 6-cup stovetop espresso maker: classic strong Cuban coffee with a creamy top.",
          ],
          features: [
            ["6 tazas", "6 cups"],
            ["Aluminio resistente", "Durable aluminium"],
            ["Válvula de seguridad", "Safety valve"],
          ],
          icon: "coffee",
          weight: "600 g",
          dims: "12 x 10 x 22 cm",
        },
        {
          name: ["Juego de cubiertos de 24 piezas", "24-piece Cutlery Set"],
          variants: [["Tramontina", "Malibu", 22.0]],
          desc: [
            "Juego de 24 cubiertos {brand} de acero inoxidable para 6 personas.",
            "{brand} 24-piece stainless steel cutlery set for 6 people.",
          ],
          features: [
            ["Acero inoxidable", "Stainless steel"],
            ["Para 6 personas", "Serves 6"],
            ["Apto para lavavajillas", "Dishwasher safe"],
          ],
          icon: "utensils",
          weight: "1.3 kg",
          dims: "30 x 22 x 5 cm",
        },
        {
          name: ["Termo", "Vacuum Flask"],
          variants: [["Thermos", "", 18.0, "1 L"]],
          desc: [
            "Termo {brand} de acero que mantiene el café caliente 12 horas y el agua fría 24. Capacidad {size}.",
            "{brand} steel vacuum flask that keeps coffee hot for 12 hours and water cold for 24. {size} capacity.",
          ],
          features: [
            ["Caliente 12 horas, frío 24", "Hot 12 hours, cold 24"],
            ["Acero inoxidable", "Stainless steel"],
            ["Tapa que sirve de taza", "Lid doubles as a cup"],
          ],
          icon: "flask-conical",
          weight: "550 g",
          dims: "9 x 9 x 30 cm",
          colors: ["plateado", "negro", "azul"],
        },
        {
          name: ["Vasos de vidrio", "Glass Tumblers"],
          variants: [["Pasabahce", "", 9.5, ["6 unidades", "6 pack"]]],
          desc: [
            "Juego de 6 vasos de vidrio {brand} de 300 ml, resistentes para el uso diario.",
            "Set of 6 {brand} 300 ml glass tumblers, strong enough for everyday use.",
          ],
          features: [
            ["6 vasos de 300 ml", "6 x 300 ml tumblers"],
            ["Vidrio templado", "Tempered glass"],
            ["Aptos para lavavajillas", "Dishwasher safe"],
          ],
          icon: "glass-water",
          weight: "1.4 kg",
          dims: "25 x 17 x 12 cm",
        },
      ],
    },
    {
      slug: "textiles-del-hogar",
      name: ["Textiles del hogar", "Home textiles"],
      icon: "bed",
      items: [
        {
          name: ["Juego de sábanas", "Bed Sheet Set"],
          variants: [["Casa Linda", "Algodón 200 hilos", 24.0]],
          desc: [
            "Juego de sábanas {brand} de algodón: sábana ajustable, sábana plana y dos fundas. Fresco para las noches de calor.",
            "{brand} cotton sheet set: fitted sheet, flat sheet and two pillowcases. Cool for hot nights.",
          ],
          features: [
            ["Algodón de 200 hilos", "200 thread-count cotton"],
            ["Incluye dos fundas", "Two pillowcases included"],
            ["Elige la medida en cm", "Choose the size in cm"],
          ],
          icon: "bed",
          weight: "1.2 kg",
          dims: "35 x 28 x 8 cm",
          colors: ["blanco", "celeste", "beige"],
          varieties: ["90 x 190", "135 x 190", "150 x 200"],
        },
        {
          name: ["Toalla de baño", "Bath Towel"],
          variants: [["Casa Linda", "", 8.5, "70 x 140 cm"]],
          desc: [
            "Toalla de baño {brand} de algodón absorbente que seca rápido. Medida {size}.",
            "Absorbent {brand} cotton bath towel that dries quickly. {size}.",
          ],
          features: [
            ["100 % algodón", "100% cotton"],
            ["Muy absorbente", "Highly absorbent"],
            ["Medida {size}", "Size {size}"],
          ],
          icon: "bath",
          weight: "450 g",
          dims: "30 x 20 x 6 cm",
          colors: ["blanco", "azul", "rosado", "verde"],
        },
        {
          name: ["Almohada", "Pillow"],
          variants: [["Sueño Dorado", "Fibra", 12.0, "50 x 70 cm"]],
          desc: [
            "Almohada {brand} de fibra hipoalergénica que no se aplasta. Medida {size}.",
            "{brand} hypoallergenic fibre pillow that keeps its shape. {size}.",
          ],
          features: [
            ["Hipoalergénica", "Hypoallergenic"],
            ["Funda de algodón", "Cotton cover"],
            ["Medida {size}", "Size {size}"],
          ],
          icon: "bed",
          weight: "800 g",
          dims: "50 x 70 x 15 cm",
        },
        {
          name: ["Mosquitero para cama", "Bed Mosquito Net"],
          variants: [["Casa Linda", "", 16.0]],
          desc: [
            "Mosquitero {brand} de malla fina para cama personal o matrimonial, se cuelga del techo. Protege del dengue y el zika.",
            "Fine-mesh {brand} mosquito net for single or double beds that hangs from the ceiling. Protects against dengue and zika.",
          ],
          features: [
            ["Malla fina", "Fine mesh"],
            ["Para cama personal o matrimonial", "Fits single or double beds"],
            ["Incluye gancho de techo", "Ceiling hook included"],
          ],
          icon: "shield",
          weight: "700 g",
          dims: "30 x 25 x 10 cm",
        },
        {
          name: ["Colchón ortopédico", "Orthopaedic Mattress"],
          variants: [["Sueño Dorado", "Ortopédico", 189.0, "135 x 190 cm"]],
          desc: [
            "Colchón ortopédico {brand} de muelles y espuma de alta densidad, firme para cuidar la espalda. Medida {size}.",
            "{brand} orthopaedic mattress with springs and high-density foam, firm to support your back. {size}.",
          ],
          features: [
            ["Muelles y espuma de alta densidad", "Springs and high-density foam"],
            ["Firmeza alta", "Firm support"],
            ["Tela transpirable", "Breathable cover"],
            ["Medida {size}", "Size {size}"],
          ],
          icon: "bed-double",
          weight: "28 kg",
          dims: "135 x 190 x 25 cm",
          warranty: true,
        },
      ],
    },
  ],
};

/** Hardware: tools, electrical and plumbing supplies for home repairs. */
export const ferreteria: CategorySpec = {
  slug: "ferreteria",
  name: ["Ferretería", "Hardware"],
  icon: "hammer",
  accent: "#4d7c0f",
  subcategories: [
    {
      slug: "herramientas",
      name: ["Herramientas", "Tools"],
      icon: "hammer",
      items: [
        {
          name: ["Martillo de uña", "Claw Hammer"],
          variants: [
            ["Truper", "", 9.5, "16 oz"],
            ["Stanley", "", 14.0, "16 oz"],
          ],
          desc: [
            "Martillo de uña {brand} de acero forjado con mango antideslizante. Cabeza de {size}.",
            "{brand} forged steel claw hammer with a non-slip grip. {size} head.",
          ],
          features: [
            ["Acero forjado", "Forged steel"],
            ["Mango antideslizante", "Non-slip grip"],
            ["Cabeza de {size}", "{size} head"],
          ],
          icon: "hammer",
          weight: "650 g",
          dims: "33 x 13 x 3 cm",
        },
        {
          name: ["Juego de destornilladores", "Screwdriver Set"],
          variants: [["Stanley", "", 16.0, ["6 piezas", "6 pieces"]]],
          desc: [
            "Juego de 6 destornilladores {brand}, planos y de estrella, con puntas imantadas.",
            "{brand} set of 6 flat and Phillips screwdrivers with magnetic tips.",
          ],
          features: [
            ["6 piezas", "6 pieces"],
            ["Puntas imantadas", "Magnetic tips"],
            ["Mango ergonómico", "Ergonomic handle"],
          ],
          icon: "wrench",
          weight: "500 g",
          dims: "25 x 15 x 4 cm",
        },
        {
          name: ["Taladro percutor", "Hammer Drill"],
          variants: [
            ["Black+Decker", "HD555", 55.0, "550 W"],
            ["Bosch", "GSB 550", 79.0, "550 W"],
          ],
          desc: [
            "Taladro percutor {brand} de {size} para hormigón, madera y metal, con velocidad variable.",
            "{size} {brand} hammer drill for concrete, wood and metal, with variable speed.",
          ],
          features: [
            ["Potencia de {size}", "{size} motor"],
            ["Función percutor para hormigón", "Hammer mode for concrete"],
            ["Velocidad variable y reversa", "Variable speed and reverse"],
            ["Garantía del fabricante", "Manufacturer's warranty"],
          ],
          icon: "drill",
          weight: "1.8 kg",
          dims: "30 x 25 x 8 cm",
          warranty: true,
          varieties: ["110 V", "220 V"],
        },
        {
          name: ["Alicate universal", "Combination Pliers"],
          variants: [["Truper", "", 7.5, "8\""]],
          desc: [
            "Alicate universal {brand} de {size} con mangos aislados para trabajos eléctricos.",
            "{size} {brand} combination pliers with insulated handles for electrical work.",
          ],
          features: [
            ["Mangos aislados", "Insulated handles"],
            ["Corta cable", "Wire cutter"],
            ["Acero al cromo vanadio", "Chrome vanadium steel"],
          ],
          icon: "wrench",
          weight: "300 g",
          dims: "20 x 6 x 2 cm",
        },
        {
          name: ["Cinta métrica", "Tape Measure"],
          variants: [["Stanley", "", 8.0, "5 m"]],
          desc: [
            "Cinta métrica {brand} de {size} con freno y gancho magnético.",
            "{size} {brand} tape measure with lock and magnetic hook.",
          ],
          features: [
            ["Largo {size}", "{size} long"],
            ["Freno de cinta", "Blade lock"],
            ["Carcasa resistente a golpes", "Impact-resistant case"],
          ],
          icon: "ruler",
          weight: "250 g",
          dims: "8 x 8 x 4 cm",
        },
        {
          name: ["Juego de herramientas de 100 piezas", "100-piece Tool Kit"],
          variants: [["Truper", "", 42.0]],
          desc: [
            "Juego de herramientas {brand} con 100 piezas en maletín: llaves, puntas, alicates y martillo para el hogar.",
            "{brand} 100-piece tool kit in a carry case: spanners, bits, pliers and a hammer for the home.",
          ],
          features: [
            ["100 piezas", "100 pieces"],
            ["Maletín con cierre", "Carry case with latches"],
            ["Todo lo básico para el hogar", "Everything the home needs"],
          ],
          icon: "tool-case",
          weight: "4.5 kg",
          dims: "40 x 30 x 10 cm",
        },
      ],
    },
    {
      slug: "electricidad",
      name: ["Electricidad", "Electrical"],
      icon: "plug",
      items: [
        {
          name: ["Bombillo LED", "LED Light Bulb"],
          variants: [
            ["Philips", "", 2.2, "9 W"],
            ["Osram", "", 5.5, "3 x 12 W"],
          ],
          desc: [
            "Bombillo LED {brand} de luz blanca fría, consume 85 % menos que uno incandescente. {size}.",
            "{brand} cool-white LED bulb that uses 85% less power than an incandescent one. {size}.",
          ],
          features: [
            ["Ahorra 85 % de energía", "Saves 85% energy"],
            ["Rosca E27", "E27 base"],
            ["Hasta 15 000 horas", "Up to 15,000 hours"],
          ],
          icon: "lightbulb",
          weight: "100 g",
          dims: "6 x 6 x 11 cm",
          varieties: ["110 V", "220 V"],
          wholesale: true,
        },
        {
          name: ["Extensión eléctrica", "Extension Cord"],
          variants: [["Truper", "", 9.0, "5 m"]],
          desc: [
            "Extensión eléctrica {brand} de {size} con 3 tomacorrientes y cable grueso.",
            "{size} {brand} extension cord with 3 outlets and heavy-gauge cable.",
          ],
          features: [
            ["3 tomacorrientes", "3 outlets"],
            ["Cable de {size}", "{size} cable"],
            ["Soporta hasta 1500 W", "Rated up to 1500 W"],
          ],
          icon: "cable",
          weight: "700 g",
          dims: "20 x 20 x 6 cm",
        },
        {
          name: ["Regleta con protector de sobretensión", "Surge Protector Power Strip"],
          variants: [["APC", "P6", 19.0]],
          desc: [
            "Regleta {brand} de 6 tomas con protección contra picos de voltaje cuando regresa la corriente.",
            "{brand} 6-outlet power strip that protects against voltage spikes when the power comes back.",
          ],
          features: [
            ["6 tomacorrientes", "6 outlets"],
            ["Protección contra sobretensión", "Surge protection"],
            ["Interruptor con luz", "Lit switch"],
          ],
          icon: "plug-zap",
          weight: "600 g",
          dims: "30 x 6 x 4 cm",
        },
        {
          name: ["Protector de voltaje para refrigerador", "Refrigerator Voltage Protector"],
          variants: [["Volteck", "PRO-R", 14.0]],
          desc: [
            "Protector de voltaje {brand} que corta la corriente ante bajones y espera unos minutos antes de reconectar el refrigerador. Imprescindible con los apagones.",
            "{brand} voltage protector that cuts power during brownouts and waits a few minutes before reconnecting the fridge. A must with power cuts.",
          ],
          features: [
            ["Retardo de reconexión", "Reconnection delay"],
            ["Protege contra bajo y alto voltaje", "Low and high voltage protection"],
            ["Luces de estado", "Status lights"],
          ],
          icon: "shield",
          weight: "200 g",
          dims: "10 x 6 x 4 cm",
          warranty: true,
        },
        {
          name: ["Cable eléctrico calibre 12", "12 AWG Electrical Wire"],
          variants: [["Volteck", "THW", 29.0, "100 m"]],
          desc: [
            "Rollo de cable eléctrico {brand} calibre 12 de cobre, para instalaciones en la casa. Rollo de {size}.",
            "{brand} 12 AWG copper electrical wire for home wiring. {size} roll.",
          ],
          features: [
            ["Cobre puro", "Pure copper"],
            ["Aislamiento THW", "THW insulation"],
            ["Rollo de {size}", "{size} roll"],
          ],
          icon: "cable",
          weight: "6 kg",
          dims: "30 x 30 x 12 cm",
        },
        {
          name: ["Tomacorriente doble", "Duplex Outlet"],
          variants: [["Volteck", "", 3.5]],
          desc: [
            "Tomacorriente doble {brand} con tierra, para caja estándar.",
            "{brand} grounded duplex outlet for a standard box.",
          ],
          features: [
            ["Con conexión a tierra", "Grounded"],
            ["15 A", "15 A"],
            ["Incluye tapa", "Cover plate included"],
          ],
          icon: "plug",
          weight: "100 g",
          dims: "11 x 7 x 4 cm",
        },
      ],
    },
    {
      slug: "plomeria",
      name: ["Plomería", "Plumbing"],
      icon: "wrench",
      items: [
        {
          name: ["Tanque de agua", "Water Tank"],
          variants: [
            ["Rotoplas", "", 79.0, "500 L"],
            ["Rotoplas", "", 129.0, "1100 L"],
          ],
          desc: [
            "Tanque de agua {brand} de {size} con tapa rosca y capa antibacteriana: agua segura aunque falle el abasto.",
            "{size} {brand} water tank with a screw lid and antibacterial lining: safe water even when supply fails.",
          ],
          features: [
            ["Capacidad {size}", "{size} capacity"],
            ["Capa antibacteriana", "Antibacterial lining"],
            ["Resistente al sol", "UV resistant"],
            ["Incluye accesorios de conexión", "Connection fittings included"],
          ],
          icon: "cylinder",
          weight: "20 kg",
          dims: "110 x 110 x 130 cm",
          warranty: true,
        },
        {
          name: ["Bomba de agua", "Water Pump"],
          variants: [
            ["Pedrollo", "PKm 60", 119.0, "0.5 HP"],
            ["Truper", "BOAP-1/2", 79.0, "0.5 HP"],
          ],
          desc: [
            "Bomba de agua periférica {brand} de {size} para subir el agua de la cisterna al tanque.",
            "{size} {brand} peripheral water pump to lift water from the cistern to the rooftop tank.",
          ],
          features: [
            ["Potencia {size}", "{size} motor"],
            ["Altura máxima 40 m", "Max head 40 m"],
            ["Protección térmica", "Thermal protection"],
          ],
          icon: "droplets",
          weight: "6 kg",
          dims: "28 x 15 x 18 cm",
          warranty: true,
        },
        {
          name: ["Llave de paso", "Ball Valve"],
          variants: [["Truper", "", 6.5, "1/2\""]],
          desc: [
            "Llave de paso de bronce {brand} de {size}, cierre de un cuarto de vuelta.",
            "{size} {brand} brass ball valve with a quarter-turn shut-off.",
          ],
          features: [
            ["Bronce", "Brass"],
            ["Cierre de 1/4 de vuelta", "Quarter-turn shut-off"],
            ["Rosca {size}", "{size} thread"],
          ],
          icon: "wrench",
          weight: "200 g",
          dims: "8 x 6 x 4 cm",
        },
        {
          name: ["Cinta teflón", "PTFE Thread Tape"],
          variants: [["Truper", "", 1.2]],
          desc: [
            "Cinta teflón {brand} para sellar roscas de tuberías de agua y gas.",
            "{brand} PTFE tape to seal threads on water and gas pipes.",
          ],
          features: [
            ["Sella sin fugas", "Leak-free seal"],
            ["Rollo de 10 m", "10 m roll"],
            ["Para agua y gas", "For water and gas"],
          ],
          icon: "circle-dot",
          weight: "20 g",
          dims: "5 x 5 x 1 cm",
          wholesale: true,
        },
        {
          name: ["Ducha eléctrica", "Electric Shower Head"],
          variants: [["Lorenzetti", "Advanced", 29.0]],
          desc: [
            "Ducha eléctrica {brand} con 3 temperaturas: agua caliente al instante sin calentador.",
            "{brand} electric shower head with 3 heat settings: instant hot water without a boiler.",
          ],
          features: [
            ["3 temperaturas", "3 heat settings"],
            ["Agua caliente al instante", "Instant hot water"],
            ["Fácil de instalar", "Easy to install"],
          ],
          icon: "shower-head",
          weight: "900 g",
          dims: "25 x 15 x 12 cm",
          warranty: true,
        },
      ],
    },
  ],
};
